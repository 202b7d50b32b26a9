import { messages } from '../../platform/messages/index.ts';
import type { ViewerOptions } from '../product-page-settings.ts';

/** One picture in the full-screen viewer: the gallery image's large_image attributes. */
export interface ViewerSlide {
  src: string;
  width: number;
  height: number;
  alt: string;
  caption: string;
}

/** Seed 000 §4: the viewer's states, and its pan-zoom's. */
export type ViewerState = 'init' | 'ready' | 'closing' | 'destroyed';
export type PanZoomState = 'init' | 'error' | 'ready' | 'panning' | 'destroy';

export interface ViewerEvents {
  onState?(state: ViewerState): void;
  onPanZoomState?(state: PanZoomState): void;
}

/**
 * Opens the full-screen viewer at a slide. PhotoSwipe and its styles are fetched now, the first
 * time it is opened, never with the page. Resolves with the seed's error text (§8) when it
 * cannot open, or null once it is open.
 */
export async function openPhotoViewer(
  slides: readonly ViewerSlide[],
  index: number,
  options: ViewerOptions,
  events: ViewerEvents = {},
): Promise<string | null> {
  if (!slides[index]) return messages.viewerErrors.elementNotFound;
  try {
    const { showViewer } = await import('./photo-viewer-impl.ts');
    showViewer(slides, index, options, events);
    return null;
  } catch (error) {
    console.error(error);
    return messages.viewerErrors.generic;
  }
}

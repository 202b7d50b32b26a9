import { catalogMessages } from '../../platform/messages/catalog.ts';
import type { ViewerOptions } from '../product-page-settings.ts';
// Types only: erased from the build, so PhotoSwipe still loads with the first opening.
import type { ViewerEvents, ViewerSlide } from './photo-viewer-impl.ts';

export type { ViewerEvents, ViewerSlide };

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
  if (!slides[index]) return catalogMessages.viewerErrors.elementNotFound;
  try {
    const { showViewer } = await import('./photo-viewer-impl.ts');
    showViewer(slides, index, options, events);
    return null;
  } catch (error) {
    console.error(error);
    return catalogMessages.viewerErrors.generic;
  }
}

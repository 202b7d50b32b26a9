import PhotoSwipe from 'photoswipe';
import 'photoswipe/style.css';
import './photo-viewer.css';
import {
  GALLERY_CAROUSEL,
  VIEWER_COMPACT_MAX_PX,
  VIEWER_IDLE_MS,
  VIEWER_PAN_ZOOM,
  VIEWER_WHEEL_GESTURE_GAP_MS,
} from '../../platform/constants/index.ts';
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

/** Room around the picture, none when compact (seed 000 §9: 578 px wide or high at most). */
const ROOMY = { top: 56, bottom: 56, left: 64, right: 64 };
const COMPACT = { top: 0, bottom: 0, left: 0, right: 0 };

/**
 * Seed 000 §9's double click (350 ms): two clicks on the picture that close together zoom in
 * or back out at the pointer; a single click does nothing.
 */
function doubleClickZoom(viewer: () => PhotoSwipe) {
  let pending: number | undefined;
  return (point: { x: number; y: number }) => {
    if (pending !== undefined) {
      window.clearTimeout(pending);
      pending = undefined;
      viewer().currSlide?.toggleZoom(point);
      return;
    }
    pending = window.setTimeout(() => {
      pending = undefined;
    }, VIEWER_PAN_ZOOM.doubleClickMs);
  };
}

/** Seed 000 §9's wheel limit: at most this many wheel steps zoom in one gesture. */
function wheelLimit() {
  let steps = 0;
  let last = 0;
  return (event: { preventDefault(): void }) => {
    const now = performance.now();
    if (now - last > VIEWER_WHEEL_GESTURE_GAP_MS) steps = 0;
    last = now;
    steps += 1;
    if (steps > VIEWER_PAN_ZOOM.wheelLimit) event.preventDefault();
  };
}

/** Hides the controls after the idle time (seed 000 §9) until the pointer or a key moves. */
function idleControls(root: HTMLElement): () => void {
  let timer: number | undefined;
  const wake = () => {
    root.classList.remove('pswp--idle');
    window.clearTimeout(timer);
    timer = window.setTimeout(() => root.classList.add('pswp--idle'), VIEWER_IDLE_MS);
  };
  root.addEventListener('pointermove', wake);
  root.addEventListener('keydown', wake);
  root.addEventListener('focusin', wake);
  wake();
  return () => window.clearTimeout(timer);
}

/**
 * The full-screen viewer with pan and zoom (PhotoSwipe 5), set to the seed's figures: the
 * picture fits the screen at first (minScale 1) and zooms to twice its natural size at most
 * (maxScale 2); a double click zooms; the shop's `photoswipe_options` on top.
 */
export function showViewer(
  slides: readonly ViewerSlide[],
  index: number,
  options: ViewerOptions,
  events: ViewerEvents,
): PhotoSwipe {
  const compact = window.matchMedia(
    `(max-width: ${VIEWER_COMPACT_MAX_PX}px), (max-height: ${VIEWER_COMPACT_MAX_PX}px)`,
  );
  const viewer: PhotoSwipe = new PhotoSwipe({
    ...options,
    dataSource: slides.map((slide) => ({ ...slide })),
    index,
    // minScale 1: the picture opens fitted to the screen, and never stays smaller.
    initialZoomLevel: (level) => level.fit * VIEWER_PAN_ZOOM.minScale,
    secondaryZoomLevel: (level) => Math.min(VIEWER_PAN_ZOOM.maxScale, Math.max(1, level.fit * 2)),
    maxZoomLevel: VIEWER_PAN_ZOOM.maxScale,
    preload: [GALLERY_CAROUSEL.preload, GALLERY_CAROUSEL.preload],
    wheelToZoom: options.wheelToZoom ?? true,
    imageClickAction: doubleClickZoom(() => viewer),
    tapAction: 'toggle-controls',
    doubleTapAction: 'zoom',
    bgClickAction: 'close',
    paddingFn: () => (compact.matches ? COMPACT : ROOMY),
    errorMsg: messages.viewerErrors.imageNotFound,
    closeTitle: messages.viewerClose,
    zoomTitle: messages.viewerZoom,
    arrowPrevTitle: messages.viewerPrevious,
    arrowNextTitle: messages.viewerNext,
  });

  viewer.on('wheel', wheelLimit());
  viewer.on('uiRegister', () => {
    viewer.ui?.registerElement({
      name: 'caption',
      order: 9,
      isButton: false,
      appendTo: 'root',
      onInit: (element, pswp) => {
        pswp.on('change', () => {
          element.textContent = pswp.currSlide?.data.caption ?? '';
        });
      },
    });
  });

  let stopIdle = () => {};
  const onCompactChange = () => {
    viewer.element?.classList.toggle('pswp--compact', compact.matches);
    viewer.updateSize(true);
  };
  events.onState?.('init');
  events.onPanZoomState?.('init');
  viewer.on('afterInit', () => {
    const root = viewer.element;
    if (!root) return;
    root.setAttribute('aria-modal', 'true');
    root.setAttribute('aria-label', slides[index]?.alt ?? '');
    root.classList.toggle('pswp--compact', compact.matches);
    compact.addEventListener('change', onCompactChange);
    stopIdle = idleControls(root);
  });
  viewer.on('openingAnimationEnd', () => events.onState?.('ready'));
  viewer.on('change', () =>
    viewer.element?.setAttribute('aria-label', viewer.currSlide?.data.alt ?? ''),
  );
  viewer.on('loadComplete', ({ slide }) => {
    if (slide === viewer.currSlide) events.onPanZoomState?.('ready');
  });
  viewer.on('loadError', () => events.onPanZoomState?.('error'));
  viewer.on('pointerDown', () => {
    if (viewer.currSlide?.isPannable()) events.onPanZoomState?.('panning');
  });
  viewer.on('pointerUp', () => events.onPanZoomState?.('ready'));
  viewer.on('close', () => events.onState?.('closing'));
  viewer.on('destroy', () => {
    stopIdle();
    compact.removeEventListener('change', onCompactChange);
    events.onPanZoomState?.('destroy');
    events.onState?.('destroyed');
  });
  viewer.init();
  return viewer;
}

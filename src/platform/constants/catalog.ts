/**
 * The product page's timings and limits (issue 14). Each names the seed section it comes from;
 * those without a seed reference are ours.
 */

/** Seed 000 §9: the gallery carousel. */
export const GALLERY_CAROUSEL = {
  /** Slides this far from the current one have their image loaded; farther ones wait. */
  preload: 1,
  /** A navigation click this soon after the last one is ignored. */
  clickDebounceMs: 150,
  /** From this many pages on, the dots show a moving window instead of one dot per page. */
  dynamicDotsFrom: 11,
  /** Ours: dots shown at once in that window. */
  dynamicDotsShown: 5,
} as const;

/** Seed 000 §9: the full-screen viewer's pan-zoom. */
export const VIEWER_PAN_ZOOM = {
  minScale: 1,
  maxScale: 2,
  /** Wheel steps that zoom in one go; more in the same gesture are ignored. */
  wheelLimit: 7,
  /** Two clicks within this long are a double click (zoom in or out there). */
  doubleClickMs: 350,
} as const;

/** Seed 000 §9: the viewer hides its controls after this long without the pointer moving. */
export const VIEWER_IDLE_MS = 3500;
/** Seed 000 §9: the viewer is compact (no padding, smaller controls) at this width or height. */
export const VIEWER_COMPACT_MAX_PX = 578;
/** Ours: wheel events further apart than this start a new gesture (for the wheel limit). */
export const VIEWER_WHEEL_GESTURE_GAP_MS = 250;

/** Ours: reviews per page (`?cpage=N`) unless the shop's `comments_per_page` says otherwise. */
export const REVIEWS_PER_PAGE_DEFAULT = 5;
/** Ours: the longest review text and name the shop keeps (WordPress: 65 525 and 245 bytes). */
export const REVIEW_MAX_LENGTH = 5000;
export const REVIEW_AUTHOR_MAX_LENGTH = 100;
/** Ours: review posts one IP address may make in a window (WordPress's comment flood check). */
export const REVIEW_RATE_LIMIT = { perIp: { max: 5, windowMs: 10 * 60_000 } } as const;

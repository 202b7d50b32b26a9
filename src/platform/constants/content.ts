// The shop's content (issue 14, src/content): home sliders, FAQ, notices, order attribution.

/** Seed 000 §9: the copy-link success note shows this long. */
export const COPY_NOTE_MS = 2000;
/** Seed 000 §9: description hints slide in and out over this long. */
export const HINT_SLIDE_MS = 250;
/**
 * Seed 000 §9: the reviews and sellers sliders show 4 slides, and fewer on narrower windows. A
 * breakpoint is read as "at most this wide" (a max-width media query): up to 1200 px 3 slides,
 * up to 1023 px 2, up to 700 px 1. (Read the other way, a phone would get 4 slides.)
 */
export const SLIDER_DEFAULT_SLIDES = 4;
export const SLIDER_BREAKPOINTS = [
  { maxWidth: 1200, slides: 3 },
  { maxWidth: 1023, slides: 2 },
  { maxWidth: 700, slides: 1 },
] as const;
/** Seed 000 §9: the why, team, news and spread sliders are active only under this width. */
export const MOBILE_SLIDER_BELOW_PX = 768;
/** Ours: what the home page loads for its sliders, and no more. */
export const REVIEWS_ON_HOME = 8;
export const SELLERS_ON_HOME = 8;
/** Seed 000 §9: attribution cookies last 6 months; a visit (session) ends after 30 idle minutes. */
export const ATTRIBUTION_LIFETIME_MONTHS = 6;
export const ATTRIBUTION_SESSION_MINUTES = 30;

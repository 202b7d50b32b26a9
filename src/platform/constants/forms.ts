/**
 * Timings and limits of the form builder (src/forms). Each names the seed 002 section it comes
 * from; those without one are ours.
 */

/** Seed 002 §5: key-up validation waits this long after the last key. */
export const FORM_KEYUP_VALIDATION_DEBOUNCE_MS = 1000;
/** Seed 002 §4: Next waits this long and looks again while a remote check is pending. */
export const FORM_PENDING_VALIDATION_RETRY_MS = 800;
/** Seed 002 §9: scrolling. */
export const FORM_SCROLL_ANIMATION_MS = 750;
export const FORM_SCROLL_DEFAULT_MS = 1000;
/** Seed 002 §9: scroll offsets for pages and field errors; general errors and the confirmation. */
export const FORM_SCROLL_OFFSET_PX = 75;
export const FORM_SCROLL_OFFSET_GENERAL_PX = 100;
/** Seed 002 §9: bytes in a megabyte for the upload-size messages (shown to 3 decimals). */
export const BYTES_PER_MB = 1_048_576;
export const FORM_SIZE_MB_DECIMALS = 3;
/** Seed 002 §9: a suggestion's local part is capped at this many characters. */
export const EMAIL_SUGGESTION_LOCAL_PART_MAX_LENGTH = 64;
/** Seed 002 §5: mailcheck's distance thresholds (domain, second-level, top-level). */
export const MAILCHECK_THRESHOLDS = { domain: 2, secondLevel: 2, topLevel: 2 } as const;
/** Seed 002 §9: the visitor-id cookie. */
export const VISITOR_COOKIE_NAME = '_wpfuuid';
export const VISITOR_COOKIE_DAYS = 3999;
/** Seed 002 §9: a button colour with this alpha or less counts as transparent. */
export const TRANSPARENT_BUTTON_ALPHA = 0.33;
/** Seed 002 §9: screen-reader announcements are inserted after, and removed after. */
export const FORM_ANNOUNCE_DELAY_MS = 100;
export const FORM_ANNOUNCE_REMOVE_MS = 1000;
/** Seed 002 §9 / §4: the container's opacity while a submission is on its way. */
export const FORM_SUBMITTING_OPACITY = 0.6;
/** Seed 000 §4 and §9: a form's confirmation message hides this long after it is shown. */
export const FORM_CONFIRMATION_HIDE_MS = 5000;
/** Seed 002 §2: order-summary rows are updated in batches of this many (issue 13). */
export const ORDER_SUMMARY_BATCH = 10;
/** Seed 002 §2: the summary's price column is this many characters wider than its widest total. */
export const ORDER_SUMMARY_PRICE_PADDING = 3;
/** Seed 002 §5: the default allowed upload extensions. */
export const DEFAULT_UPLOAD_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif'] as const;

/** Ours: the default `token_cache_lifetime` (seconds a form token stays valid): one day. */
export const FORM_TOKEN_LIFETIME_S = 86_400;
/** Ours: the default minimum seconds between a form's start and end timestamps (issue 12). */
export const FORM_MINIMUM_SECONDS = 3;
/** Ours: a timestamp from the visitor may lie this far in the future (their clock is off). */
export const FORM_CLOCK_SKEW_S = 300;
/** Ours: the default `post_max_size` (bytes one submission may carry, uploads included). */
export const FORM_POST_MAX_BYTES = 8 * 1_048_576;
/** Ours: the most any form may set `post_max_size` to, and what the server reads at most. */
export const FORM_POST_MAX_BYTES_CEILING = 32 * 1_048_576;
/** Ours: the default largest single upload, in MB (a field may set less, never more). */
export const FORM_UPLOAD_MAX_MB = 8;
/** Ours: parts one multipart submission may hold. */
export const FORM_MAX_FIELDS = 500;
export const FORM_MAX_FILES = 20;
/** Ours: the longest text value of one field (bytes) the server reads. */
export const FORM_MAX_FIELD_BYTES = 100_000;
/** Ours: submissions one IP address may send in a window (every form together). */
export const FORM_SUBMIT_RATE_LIMIT = { perIp: { max: 20, windowMs: 10 * 60_000 } } as const;
/** Ours: restricted-email checks one IP address may ask for in a window. */
export const FORM_EMAIL_CHECK_RATE_LIMIT = { perIp: { max: 120, windowMs: 10 * 60_000 } } as const;
/**
 * Ours: ALTCHA proof of work. The solver tries counters from 0 up to a random one below
 * ALTCHA_MAX_COUNTER, each costing ALTCHA_COST rounds of SHA-256: about half a second in a browser.
 */
export const ALTCHA_COST = 1;
export const ALTCHA_MAX_COUNTER = 50_000;
/** Ours: an ALTCHA challenge may be solved within this many seconds of being issued. */
export const ALTCHA_CHALLENGE_LIFETIME_S = 20 * 60;
/** Ours: an app server forgets expired used challenges at most this often. */
export const ALTCHA_SWEEP_MS = 10 * 60_000;
/** Ours: the longest a form's e-mail allow or deny list may be. */
export const FORM_EMAIL_LIST_MAX = 1000;

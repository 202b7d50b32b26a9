/**
 * Every timing and limit of the shop, in one place. Each names the seed section it comes from;
 * those without a seed reference are ours.
 */
export * from './catalog.ts';

/** Seed 000 §9: result-count live region refreshes this long after a change. */
export const RESULT_COUNT_REFRESH_MS = 2000;
/** Seed 000 §9: notices scroll into view with this offset, over this duration, then take focus. */
export const NOTICE_SCROLL_OFFSET_PX = 100;
export const NOTICE_SCROLL_MS = 1000;
export const NOTICE_FOCUS_DELAY_MS = 500;
/** Seed 000 §9: the blocking overlay. */
export const OVERLAY_FADE_IN_MS = 200;
export const OVERLAY_FADE_OUT_MS = 400;
export const OVERLAY_Z_INDEX = 1000;
export const OVERLAY_OPACITY = 0.6;
/** Ours: a carousel starts when the browser is idle after hydration, at the latest this long after. */
export const CAROUSEL_START_TIMEOUT_MS = 1000;
/** Seed 000 §9: quantity step. */
export const QUANTITY_STEP = 1;

/** Ours: the largest quantity of one cart item when stock does not limit it. */
export const MAX_ITEM_QUANTITY = 9999;
/** Ours: products per listing page. */
export const PRODUCTS_PER_PAGE = 12;
/** Ours: the largest page number a listing or review URL is read as (its offset stays small). */
export const MAX_PAGE_NUMBER = 100_000;
/** Ours: largest request body the server reads. */
export const MAX_BODY_BYTES = 1024 * 1024;
/**
 * Ours: the deepest a request's arrays and objects may nest (`{}` is 1; the shop's own bodies
 * nest a few levels). Deeper is a 400 before any handler, and nothing walks client input by
 * recursion past it.
 */
export const MAX_INPUT_DEPTH = 32;
/**
 * Ours: an idle keep-alive connection stays open this long, longer than the clients and proxies
 * in front keep theirs (nginx's upstream keepalive_timeout is 60 s): the server must never close
 * one they are just reusing (they would get ECONNRESET).
 */
export const HTTP_KEEP_ALIVE_TIMEOUT_MS = 75_000;
/** Ours: above the keep-alive timeout, so a request on a reused connection is not cut short. */
export const HTTP_HEADERS_TIMEOUT_MS = HTTP_KEEP_ALIVE_TIMEOUT_MS + 1000;
/** Ours: the largest record id (PostgreSQL's `integer`); a larger one is a 400, not a query. */
export const MAX_RECORD_ID = 2_147_483_647;
/** Ours: a session lives this long after its last write. */
export const SESSION_LIFETIME_MS = 48 * 60 * 60 * 1000;
/** Ours, as WordPress: a nonce is valid for this window, and for the one before it. */
export const NONCE_TICK_MS = 12 * 60 * 60 * 1000;
/** Ours: anonymous pages are kept in the in-process micro-cache this long. */
export const PAGE_CACHE_TTL_MS = 5000;
export const PAGE_CACHE_MAX_ENTRIES = 500;
/** Ours: what a CDN may keep an anonymous page for. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30';
/** Ours: the shop's icon, at the address browsers also ask for unasked, and how long it is kept. */
export const SHOP_ICON_PATH = '/favicon.ico';
export const SHOP_ICON_MAX_AGE_S = 30 * 24 * 60 * 60;
/** Ours: responsive image widths produced from each original. */
export const IMAGE_WIDTHS = [300, 600, 1200, 1600] as const;
/** Ours: how stale catalog data (names, prices, images) on cart widgets may be on one app server. */
export const CATALOG_CACHE_TTL_MS = 2000;
/**
 * Ours: how long an app server keeps the shop's settings before reading them again; the default
 * of SETTINGS_CACHE_TTL_MS (config.ts).
 */
export const SETTINGS_CACHE_TTL_MS = 2000;

// Ours (issue 4): card-testing protection on the gateway's intent calls (src/payments/rate-limit.ts).
/**
 * Payment and setup intents one visitor session, and one IP address, may ask for in a fixed
 * window. Counted in the database, so every app server of one shop counts together.
 */
export const INTENT_RATE_LIMIT = {
  perSession: { max: 10, windowMs: 15 * 60_000 },
  // The per-IP maximum is the default of PAYMENT_ATTEMPTS_PER_IP (config.ts).
  perIp: { max: 30, windowMs: 15 * 60_000 },
} as const;
/** How often an app server deletes the counters of windows that have ended. */
export const RATE_LIMIT_SWEEP_MS = 60_000;

// Ours: the browser side of the built-in test processor (packages/test-processor).
/** The browser stand-in for Stripe.js gives up on a processor call after this long. */
export const TEST_PROCESSOR_BROWSER_TIMEOUT_MS = 30_000;

/** Ours: a checkout claim older than this is taken to be abandoned (a crashed server). */
export const CHECKOUT_CLAIM_STALE_MS = 60_000;
/** Seed 001 §9: checkout update delay, typing delay, scroll animation, slide. */
export const ORDER_REVIEW_DELAY_MS = 5;
export const ORDER_REVIEW_TYPING_DELAY_MS = 1000;
export const CHECKOUT_SLIDE_MS = 400;

// Ours: customer accounts (src/accounts).
/** A new account's password: at least this long (NIST SP 800-63B's minimum); longer is refused. */
export const ACCOUNT_PASSWORD_MIN_LENGTH = 8;
export const ACCOUNT_PASSWORD_MAX_LENGTH = 256;
/** Log-in attempts per client IP and per email address in a window; the next one is refused. */
export const LOGIN_RATE_LIMIT = {
  perIp: { max: 20, windowMs: 15 * 60_000 },
  perEmail: { max: 5, windowMs: 15 * 60_000 },
} as const;
/** Log-in counters one app server keeps at most (the oldest go first). */
export const LOGIN_RATE_LIMIT_KEYS_KEPT = 10_000;

// Ours (issue 4): one payment at a time per order (src/checkout/order-pay.repo.ts).
/** An order is locked this long while a payment attempt runs (WooCommerce Stripe's 5 minutes). */
export const ORDER_PAYMENT_LOCK_MS = 5 * 60_000;

// Ours (issue 9): jobs shared by several app servers (src/platform/jobs) and held stock.
/** How often each app server renews its heartbeat and tries the jobs' leases. */
export const JOBS_TICK_MS = 10_000;
/** How often each app server renews its heartbeat (on each job tick). */
export const APP_SERVER_HEARTBEAT_MS = JOBS_TICK_MS;
/**
 * A server whose heartbeat went unrenewed this long (three beats missed: a busy server is not
 * taken for dead) is gone: the checkout claims and payment locks of its attempts are free.
 */
export const APP_SERVER_GONE_AFTER_MS = 3 * APP_SERVER_HEARTBEAT_MS;
/**
 * How often one app server frees what attempts of gone servers held (claims, payment locks) and
 * settles or releases their orders: each tick, so a dead server's claims are free within
 * APP_SERVER_GONE_AFTER_MS + this (40 s) of its last beat.
 */
export const CUT_OFF_ATTEMPTS_SWEEP_MS = JOBS_TICK_MS;
/**
 * How often one app server asks the processor about unpaid orders' intents and pays the orders
 * whose intent took the money (their webhook lost): with a dead server's lease of this job
 * running out first, within this + a tick (40 s) of the shop being back. One processor read per
 * unpaid order with an intent, twice a minute.
 */
export const PAID_INTENTS_SWEEP_MS = 30_000;
/** The hold-stock sweep runs at most this often, on whichever app server takes its lease. */
export const HOLD_STOCK_SWEEP_MS = 60_000;
/** Unpaid orders the sweep reads at a time. */
export const HOLD_STOCK_SWEEP_BATCH = 50;
/** WooCommerce's default `woocommerce_hold_stock_minutes`: an unpaid order holds its stock this long. */
export const HOLD_STOCK_DEFAULT_MINUTES = 60;
/**
 * Ours: the most database pages (KiB) SQLite keeps in the process, SQLite's own default.
 * better-sqlite3 builds with 16 MiB, which a growing database fills, the largest part of the
 * process's malloc heap; pages beyond this are read from the system's file cache.
 */
export const SQLITE_PAGE_CACHE_KIB = 2048;
/** A server waiting for another's start-up (migrations, seeding) on one SQLite file looks this often. */
export const START_UP_LOCK_POLL_MS = 100;
export * from './accounts.ts';

export * from './mail.ts';
export * from './content.ts';
export * from './forms.ts';
export * from './form-payments.ts';

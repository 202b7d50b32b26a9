// Customer accounts (issue 11; src/accounts).

/** Issue 11: a password-reset link works this long, once. */
export const PASSWORD_RESET_LINK_MS = 60 * 60_000;
/** Ours: a link confirming a new account's (or a changed) email address works this long, once. */
export const EMAIL_CONFIRM_LINK_MS = 24 * 60 * 60_000;
/**
 * WooCommerce's `woocommerce_min_password_strength` (3): zxcvbn's score a new password must reach
 * (0 too guessable ... 4 very unguessable).
 */
export const PASSWORD_MIN_STRENGTH = 3;
/** Registrations per client IP and per email address in a window; the next one is refused. */
export const REGISTER_RATE_LIMIT = {
  perIp: { max: 10, windowMs: 60 * 60_000 },
  perEmail: { max: 3, windowMs: 60 * 60_000 },
} as const;
/** Password-reset requests per client IP and per address asked for, in a window. */
export const LOST_PASSWORD_RATE_LIMIT = {
  perIp: { max: 10, windowMs: 60 * 60_000 },
  perEmail: { max: 3, windowMs: 60 * 60_000 },
} as const;
/** How often an app server may sweep mailed links that ran out (a job any server runs). */
export const ACCOUNT_TOKENS_SWEEP_MS = 60 * 60_000;
/** Orders per page of my-account's order list (WooCommerce's `posts_per_page` for orders). */
export const MY_ACCOUNT_ORDERS_PER_PAGE = 10;
/** Ours: the server's password checker (a worker thread) stops after this long unused. */
export const PASSWORD_CHECKER_IDLE_MS = 10 * 60_000;

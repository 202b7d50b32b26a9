/** The processor’s timings and limits. */
/** Webhook deliveries retried after these waits, then given up (1 + this many attempts). */
export const TEST_PROCESSOR_WEBHOOK_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000] as const;
export const TEST_PROCESSOR_WEBHOOK_TIMEOUT_MS = 5_000;
/** A SEPA debit is processing this long before it succeeds. */
export const TEST_PROCESSOR_SEPA_SETTLE_MS = 3_000;
/** Vouchers expire after this many days (Stripe's defaults). */
export const TEST_PROCESSOR_VOUCHER_DAYS = { boleto: 3, oxxo: 3, multibanco: 7 } as const;
/** Requests per window per client on the publishable-key routes the browser calls. */
export const TEST_PROCESSOR_RATE_LIMIT = { max: 100, timeWindowMs: 10_000 } as const;
/** List pages: Stripe's default and largest `limit`. */
export const TEST_PROCESSOR_LIST_LIMIT = { default: 10, max: 100 } as const;
/** An idempotency key still marked in progress after this long belongs to a crashed request. */
export const TEST_PROCESSOR_IDEMPOTENCY_CLAIM_STALE_MS = 60_000;

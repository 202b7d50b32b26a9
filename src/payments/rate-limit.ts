import { INTENT_RATE_LIMIT } from '../platform/constants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { ShopError } from '../platform/errors/shop-error.ts';
import { messages } from '../platform/messages/index.ts';
import { attemptLimiter, type AttemptLimiter } from '../platform/rate-limit/rate-limit.service.ts';

/**
 * Card-testing protection: every payment attempt (an intent asked for through the gateway's
 * calls, a checkout or order-pay submit that charges a card or makes an intent) counts against
 * one limit per visitor session and per IP address (INTENT_RATE_LIMIT), in the shop's one rate
 * limiter, so every app server and every way of paying count together.
 */
const INTENT_ACTION = 'intent';

/**
 * The shop's one limiter of payment attempts, counting in the database by the shop's clock; an
 * IP address may make `perIpMax` of them in the window (PAYMENT_ATTEMPTS_PER_IP).
 */
export function paymentAttemptLimiter(
  db: Db,
  clock: () => number,
  perIpMax: number = INTENT_RATE_LIMIT.perIp.max,
): AttemptLimiter {
  const limits = { ...INTENT_RATE_LIMIT, perIp: { ...INTENT_RATE_LIMIT.perIp, max: perIpMax } };
  return attemptLimiter(db, INTENT_ACTION, limits, clock);
}

/** Whole seconds until a refused visitor may try again (`Retry-After`). */
export function retryAfterSeconds(retryAfterMs: number): number {
  return Math.max(1, Math.ceil(retryAfterMs / 1000));
}

/** The refusal of an attempt over the limit: 429 with `{ code, message }`. */
export function tooManyAttempts(retryAfterMs: number): ShopError {
  return new ShopError('rate_limited', messages.intentRateLimited, 429, {
    retry_after: retryAfterSeconds(retryAfterMs),
  });
}

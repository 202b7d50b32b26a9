import { INTENT_RATE_LIMIT } from '../platform/constants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { ShopError } from '../platform/errors/shop-error.ts';
import { messages } from '../platform/messages/index.ts';
import {
  attemptLimiter,
  type AttemptLimiter,
  type Attempter,
} from '../platform/rate-limit/rate-limit.service.ts';
import type { RateVerdict } from '../platform/rate-limit/rate-limit.ts';

/**
 * Card-testing protection: every payment attempt (an intent asked for through the gateway's
 * calls, a checkout or order-pay submit that charges a card or makes an intent) counts against
 * one limit per visitor session and per IP address (INTENT_RATE_LIMIT), in the shop's one rate
 * limiter, so every app server and every way of paying count together.
 */
const INTENT_ACTION = 'intent';

const limiters = new WeakMap<Db, AttemptLimiter>();

/** The intent limiter of a shop's database: one per database, so its sweeps run now and then. */
export function intentLimiter(db: Db): AttemptLimiter {
  let limiter = limiters.get(db);
  if (!limiter) {
    limiter = attemptLimiter(db, INTENT_ACTION, INTENT_RATE_LIMIT);
    limiters.set(db, limiter);
  }
  return limiter;
}

/** Counts one payment attempt of this visitor; refused over the limit. */
export function countPaymentAttempt(db: Db, who: Attempter): Promise<RateVerdict> {
  return intentLimiter(db).attempt(who);
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

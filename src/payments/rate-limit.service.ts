import { INTENT_RATE_LIMIT, RATE_LIMIT_SWEEP_MS } from '../platform/constants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { ShopError } from '../platform/errors/shop-error.ts';
import { messages } from '../platform/messages/index.ts';
import { rateLimitRepo } from './rate-limit.repo.ts';
import {
  bucketOf,
  verdictOf,
  windowAt,
  type CountedWindow,
  type FixedWindowLimit,
  type RateVerdict,
} from './rate-limit.ts';

export interface AttemptLimits {
  perSession: FixedWindowLimit;
  perIp: FixedWindowLimit;
}

/** Who makes an attempt: their session (if they have one) and their address. */
export interface Attempter {
  sessionId: string | undefined;
  ip: string;
}

/**
 * Counts attempts at one action per session and per IP address in the database and says whether
 * this one may go ahead. Every attempt is counted, refused ones too, so an attacker who keeps
 * trying stays refused until the window ends. Ended windows are swept now and then.
 */
export function attemptLimiter(
  db: Db,
  action: string,
  limits: AttemptLimits = INTENT_RATE_LIMIT,
  clock: () => number = Date.now,
) {
  const repo = rateLimitRepo(db);
  let lastSweep = clock();

  async function count(
    kind: 'session' | 'ip',
    subject: string,
    limit: FixedWindowLimit,
    now: number,
  ): Promise<CountedWindow> {
    const window = windowAt(now, limit.windowMs);
    return { hits: await repo.hit(bucketOf(action, kind, subject), window), limit, window };
  }

  return {
    async attempt(who: Attempter): Promise<RateVerdict> {
      const now = clock();
      const counted = await Promise.all([
        count('ip', who.ip, limits.perIp, now),
        ...(who.sessionId ? [count('session', who.sessionId, limits.perSession, now)] : []),
      ]);
      if (now - lastSweep >= RATE_LIMIT_SWEEP_MS) {
        lastSweep = now;
        await repo.sweep(now);
      }
      return verdictOf(counted, now);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof attemptLimiter>;

/** The refusal of an attempt over the limit: 429 with `{ code, message }`. */
export function tooManyAttempts(retryAfterMs: number): ShopError {
  return new ShopError('rate_limited', messages.intentRateLimited, 429, {
    retry_after: Math.ceil(retryAfterMs / 1000),
  });
}

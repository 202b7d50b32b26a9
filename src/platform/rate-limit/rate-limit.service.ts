import { RATE_LIMIT_SWEEP_MS } from '../constants/index.ts';
import type { Db } from '../db/database.ts';
import { rateLimitRepo } from './rate-limit.repo.ts';
import {
  bucketOf,
  verdictOf,
  windowAt,
  type CountedWindow,
  type FixedWindowLimit,
  type RateVerdict,
} from './rate-limit.ts';

/** One counter an attempt counts in: whom it counts (`ip`, `203.0.113.7`) and their limit. */
export interface RateCounter {
  kind: string;
  subject: string;
  limit: FixedWindowLimit;
}

/**
 * Counts attempts at one action in the database, each in the counters it names, and says
 * whether it may go ahead. Every attempt is counted, refused ones too, so whoever keeps trying
 * stays refused until the window ends. Ended windows are swept now and then.
 */
export function rateLimiter(db: Db, action: string, clock: () => number = Date.now) {
  const repo = rateLimitRepo(db);
  let lastSweep = clock();
  const bucket = (counter: Pick<RateCounter, 'kind' | 'subject'>) =>
    bucketOf(action, counter.kind, counter.subject);

  return {
    async attempt(counters: readonly RateCounter[]): Promise<RateVerdict> {
      const now = clock();
      const counted = await Promise.all(
        counters.map(async (counter): Promise<CountedWindow> => {
          const window = windowAt(now, counter.limit.windowMs);
          return { hits: await repo.hit(bucket(counter), window), limit: counter.limit, window };
        }),
      );
      if (now - lastSweep >= RATE_LIMIT_SWEEP_MS) {
        lastSweep = now;
        await repo.sweep(now);
      }
      return verdictOf(counted, now);
    },

    /** Takes one attempt back from the counter's current window (an attempt that went well). */
    async giveBack(counter: RateCounter): Promise<void> {
      await repo.giveBack(bucket(counter), windowAt(clock(), counter.limit.windowMs));
    },

    /** Forgets every attempt counted for a subject: it starts afresh. */
    async forget(counter: Pick<RateCounter, 'kind' | 'subject'>): Promise<void> {
      await repo.forget(bucket(counter));
    },
  };
}

export type RateLimiter = ReturnType<typeof rateLimiter>;

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
 * Attempts at one action limited per visitor session and per IP address (a visitor without a
 * session is counted by address only).
 */
export function attemptLimiter(
  db: Db,
  action: string,
  limits: AttemptLimits,
  clock: () => number = Date.now,
) {
  const limiter = rateLimiter(db, action, clock);
  return {
    attempt(who: Attempter): Promise<RateVerdict> {
      return limiter.attempt([
        { kind: 'ip', subject: who.ip, limit: limits.perIp },
        ...(who.sessionId
          ? [{ kind: 'session', subject: who.sessionId, limit: limits.perSession }]
          : []),
      ]);
    },
  };
}

export type AttemptLimiter = ReturnType<typeof attemptLimiter>;

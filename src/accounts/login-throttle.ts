import { LOGIN_RATE_LIMIT } from '../platform/constants/index.ts';
import type { Db } from '../platform/db/database.ts';
import type { FixedWindowLimit, RateVerdict } from '../platform/rate-limit/rate-limit.ts';
import { rateLimiter } from '../platform/rate-limit/rate-limit.service.ts';

export interface LoginThrottleLimits {
  perIp: FixedWindowLimit;
  perEmail: FixedWindowLimit;
}

/**
 * Log-in attempts counted per client IP and per email address in fixed windows (brute force and
 * credential stuffing), in the shop's one rate limiter: counted in the database, so every app
 * server of one shop counts together. Each attempt is counted before its password is checked,
 * so parallel guesses count too. A successful log-in forgets its email's attempts and gives its
 * IP one attempt back (a decrement of the IP's current window).
 */
export function loginThrottle(
  db: Db,
  limits: LoginThrottleLimits = LOGIN_RATE_LIMIT,
  clock: () => number = Date.now,
) {
  const limiter = rateLimiter(db, 'login', clock);
  const byIp = (ip: string) => ({ kind: 'ip', subject: ip, limit: limits.perIp });
  const byEmail = (email: string) => ({ kind: 'email', subject: email, limit: limits.perEmail });

  return {
    /** Counts one attempt for both; refused when either is over its limit. */
    attempt(ip: string, email: string): Promise<RateVerdict> {
      return limiter.attempt([byIp(ip), byEmail(email)]);
    },

    /** A successful log-in: the address starts afresh and the IP gets its attempt back. */
    async succeeded(ip: string, email: string): Promise<void> {
      await limiter.forget(byEmail(email));
      await limiter.giveBack(byIp(ip));
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;

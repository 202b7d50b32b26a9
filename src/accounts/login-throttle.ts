/**
 * Log-in attempts counted per client IP and per email address in fixed windows (brute force and
 * credential stuffing). Each attempt is counted before its password is checked, so parallel
 * guesses count too; a successful log-in gives its attempts back. Counters live in the app
 * server's memory, bounded: with several app servers each one counts on its own.
 */
export interface ThrottleLimit {
  max: number;
  windowMs: number;
}

export interface LoginThrottleLimits {
  perIp: ThrottleLimit;
  perEmail: ThrottleLimit;
}

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

interface Counter {
  count: number;
  resetAt: number;
}

export function loginThrottle(
  limits: LoginThrottleLimits,
  keysKept: number,
  clock: () => number = Date.now,
) {
  const counters = new Map<string, Counter>();

  function prune(now: number): void {
    for (const [key, counter] of counters) if (counter.resetAt <= now) counters.delete(key);
    // Still full of live counters: the oldest windows go first (a Map keeps insertion order).
    for (const key of counters.keys()) {
      if (counters.size < keysKept) break;
      counters.delete(key);
    }
  }

  function hit(key: string, limit: ThrottleLimit, now: number): Counter {
    let counter = counters.get(key);
    if (!counter || counter.resetAt <= now) {
      if (counters.size >= keysKept) prune(now);
      counter = { count: 0, resetAt: now + limit.windowMs };
      counters.delete(key);
      counters.set(key, counter);
    }
    counter.count += 1;
    return counter;
  }

  function giveBack(key: string): void {
    const counter = counters.get(key);
    if (counter && counter.count > 0) counter.count -= 1;
  }

  const ipKey = (ip: string) => `ip|${ip}`;
  const emailKey = (email: string) => `email|${email}`;

  return {
    /** Counts one attempt for both keys; refused when either is over its limit. */
    attempt(ip: string, email: string): ThrottleVerdict {
      const now = clock();
      const byIp = hit(ipKey(ip), limits.perIp, now);
      const byEmail = hit(emailKey(email), limits.perEmail, now);
      const over = [
        byIp.count > limits.perIp.max ? byIp.resetAt : 0,
        byEmail.count > limits.perEmail.max ? byEmail.resetAt : 0,
      ].filter((resetAt) => resetAt > 0);
      if (over.length === 0) return { allowed: true };
      return { allowed: false, retryAfterMs: Math.max(...over) - now };
    },

    /** A successful log-in: the address starts afresh and the IP gets its attempt back. */
    succeeded(ip: string, email: string): void {
      counters.delete(emailKey(email));
      giveBack(ipKey(ip));
    },

    /** How many keys are being counted (tests). */
    get size(): number {
      return counters.size;
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;

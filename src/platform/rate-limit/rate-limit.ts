/**
 * The shop's one rate limiter: attempts at an action counted in fixed windows per subject (a
 * visitor session, an IP address, an email address). The windows are plain arithmetic on the
 * clock; the counting is one atomic upsert per counter in the database (rate-limit.repo.ts), so
 * every app server of one shop counts together. Card-testing protection on payments and the
 * log-in throttle both count here.
 */
export interface FixedWindowLimit {
  max: number;
  windowMs: number;
}

export interface FixedWindow {
  /** Epoch ms the window began at: a multiple of the window's length. */
  start: number;
  /** Epoch ms the next window begins at. */
  end: number;
}

/** The fixed window a moment falls in. Every app server computes the same one. */
export function windowAt(nowMs: number, windowMs: number): FixedWindow {
  if (!(windowMs > 0)) throw new RangeError('A window must last longer than 0 ms.');
  const start = Math.floor(nowMs / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

/** One counter after an attempt was counted in it. */
export interface CountedWindow {
  hits: number;
  limit: FixedWindowLimit;
  window: FixedWindow;
}

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Allowed while every counter is within its max (the attempt that reaches max is still allowed);
 * refused otherwise, until the last of the exceeded windows has ended.
 */
export function verdictOf(counted: CountedWindow[], nowMs: number): RateVerdict {
  const over = counted.filter((c) => c.hits > c.limit.max);
  if (over.length === 0) return { allowed: true };
  return {
    allowed: false,
    retryAfterMs: Math.max(0, ...over.map((c) => c.window.end - nowMs)),
  };
}

/** What is counted for whom: `{action}|{kind}|{subject}`, e.g. `intent|ip|203.0.113.7`. */
export function bucketOf(action: string, kind: string, subject: string): string {
  return `${action}|${kind}|${subject}`;
}

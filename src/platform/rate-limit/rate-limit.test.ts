import { describe, expect, it } from 'vitest';
import { bucketOf, verdictOf, windowAt, type CountedWindow } from './rate-limit.ts';

const minute = 60_000;

describe('fixed windows', () => {
  it('puts every moment of one window in the same window, aligned to its length', () => {
    const start = 1_700_000_040_000; // a multiple of a minute
    expect(start % minute).toBe(0);
    expect(windowAt(start, minute)).toEqual({ start, end: start + minute });
    expect(windowAt(start + 1, minute)).toEqual({ start, end: start + minute });
    expect(windowAt(start + minute - 1, minute)).toEqual({ start, end: start + minute });
  });

  it('starts the next window at the end of the last one', () => {
    const start = 1_700_000_040_000;
    expect(windowAt(start + minute, minute)).toEqual({
      start: start + minute,
      end: start + 2 * minute,
    });
    expect(windowAt(start - 1, minute)).toEqual({ start: start - minute, end: start });
  });

  it('gives every app server the same window for the same moment, whatever the length', () => {
    const now = 1_763_855_123_456;
    for (const length of [1000, minute, 15 * minute, 60 * minute]) {
      const window = windowAt(now, length);
      expect(window.start % length).toBe(0);
      expect(window.start).toBeLessThanOrEqual(now);
      expect(window.end).toBeGreaterThan(now);
      expect(window.end - window.start).toBe(length);
    }
  });

  it('refuses a window of no length', () => {
    expect(() => windowAt(1000, 0)).toThrow(RangeError);
    expect(() => windowAt(1000, -5)).toThrow(RangeError);
  });
});

describe('the verdict over the counters of one attempt', () => {
  const now = 1_700_000_050_000;
  const counter = (hits: number, max: number, windowMs: number): CountedWindow => ({
    hits,
    limit: { max, windowMs },
    window: windowAt(now, windowMs),
  });

  it('allows attempts up to and including the max', () => {
    expect(verdictOf([counter(1, 3, minute)], now)).toEqual({ allowed: true });
    expect(verdictOf([counter(3, 3, minute)], now)).toEqual({ allowed: true });
    expect(verdictOf([], now)).toEqual({ allowed: true });
  });

  it('refuses the attempt after the max until its window ends', () => {
    const over = counter(4, 3, minute);
    expect(verdictOf([over], now)).toEqual({
      allowed: false,
      retryAfterMs: over.window.end - now,
    });
  });

  it('refuses when either counter is over, waiting for the later of the exceeded windows', () => {
    const session = counter(11, 10, minute);
    const ip = counter(31, 30, 15 * minute);
    expect(verdictOf([counter(2, 30, minute), session], now)).toEqual({
      allowed: false,
      retryAfterMs: session.window.end - now,
    });
    expect(verdictOf([session, ip], now)).toEqual({
      allowed: false,
      retryAfterMs: ip.window.end - now,
    });
  });

  it('names buckets by action, kind and subject', () => {
    expect(bucketOf('intent', 'ip', '203.0.113.7')).toBe('intent|ip|203.0.113.7');
    expect(bucketOf('intent', 'session', 'abc')).not.toBe(bucketOf('intent', 'ip', 'abc'));
  });
});

import { describe, expect, it } from 'vitest';
import { loginThrottle } from './login-throttle.ts';

const limits = { perIp: { max: 4, windowMs: 60_000 }, perEmail: { max: 2, windowMs: 30_000 } };

function throttleAt(start = 1_000_000, keysKept = 100) {
  let now = start;
  const throttle = loginThrottle(limits, keysKept, () => now);
  return { throttle, advance: (ms: number) => (now += ms) };
}

describe('log-in throttle', () => {
  it('refuses an email after its max attempts, and says how long until its window ends', () => {
    const { throttle, advance } = throttleAt();
    expect(throttle.attempt('1.1.1.1', 'a@example.com')).toEqual({ allowed: true });
    advance(10_000);
    expect(throttle.attempt('2.2.2.2', 'a@example.com')).toEqual({ allowed: true });
    expect(throttle.attempt('3.3.3.3', 'a@example.com')).toEqual({
      allowed: false,
      retryAfterMs: 20_000,
    });
    // Another address from the same IP is still fine.
    expect(throttle.attempt('3.3.3.3', 'b@example.com')).toEqual({ allowed: true });
    advance(20_000);
    expect(throttle.attempt('4.4.4.4', 'a@example.com')).toEqual({ allowed: true });
  });

  it('refuses an IP after its max attempts, whatever the email', () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 4; i++)
      expect(throttle.attempt('1.1.1.1', `u${i}@x.test`).allowed).toBe(true);
    expect(throttle.attempt('1.1.1.1', 'fresh@x.test')).toEqual({
      allowed: false,
      retryAfterMs: 60_000,
    });
    expect(throttle.attempt('9.9.9.9', 'fresh@x.test').allowed).toBe(true);
  });

  it('forgets an email’s failures once it logs in, and gives the IP its attempt back', () => {
    const { throttle } = throttleAt();
    throttle.attempt('1.1.1.1', 'a@example.com');
    throttle.attempt('1.1.1.1', 'a@example.com');
    throttle.succeeded('1.1.1.1', 'a@example.com');
    expect(throttle.attempt('1.1.1.1', 'a@example.com').allowed).toBe(true);
    expect(throttle.attempt('1.1.1.1', 'a@example.com').allowed).toBe(true);
    // Three attempts counted for the IP (one given back): one more is allowed, then refused.
    expect(throttle.attempt('1.1.1.1', 'b@example.com').allowed).toBe(true);
    expect(throttle.attempt('1.1.1.1', 'c@example.com').allowed).toBe(false);
  });

  it('keeps at most its number of keys, ended windows first', () => {
    const { throttle, advance } = throttleAt(0, 6);
    throttle.attempt('1.1.1.1', 'a@x.test');
    advance(40_000); // a@x.test's window has ended; the IP's has not
    throttle.attempt('2.2.2.2', 'b@x.test');
    throttle.attempt('3.3.3.3', 'c@x.test');
    expect(throttle.size).toBe(6);
    throttle.attempt('4.4.4.4', 'd@x.test');
    expect(throttle.size).toBeLessThanOrEqual(6);
    for (let i = 0; i < 50; i++) throttle.attempt(`10.0.0.${i}`, `n${i}@x.test`);
    expect(throttle.size).toBeLessThanOrEqual(6);
  });
});

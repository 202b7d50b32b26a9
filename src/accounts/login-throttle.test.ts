import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { databaseKinds, openTestDatabase } from '../platform/db/testing/test-database.ts';
import { loginThrottle } from './login-throttle.ts';

const limits = { perIp: { max: 4, windowMs: 60_000 }, perEmail: { max: 2, windowMs: 30_000 } };
/** A moment at which both windows begin (a multiple of a minute). */
const start = 1_700_000_040_000;

describe.each(databaseKinds)('log-in throttle on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.destroy());
  beforeEach(async () => {
    await handle.db.deleteFrom('rate_limits').execute();
  });

  function throttleAt(from = start) {
    let now = from;
    const throttle = loginThrottle(handle.db, limits, () => now);
    return { throttle, advance: (ms: number) => (now += ms) };
  }

  it('refuses an email after its max attempts, and says how long until its window ends', async () => {
    const { throttle, advance } = throttleAt();
    expect(await throttle.attempt('1.1.1.1', 'a@example.com')).toEqual({ allowed: true });
    advance(10_000);
    expect(await throttle.attempt('2.2.2.2', 'a@example.com')).toEqual({ allowed: true });
    expect(await throttle.attempt('3.3.3.3', 'a@example.com')).toEqual({
      allowed: false,
      retryAfterMs: 20_000,
    });
    // Another address from the same IP is still fine.
    expect(await throttle.attempt('3.3.3.3', 'b@example.com')).toEqual({ allowed: true });
    advance(20_000);
    expect(await throttle.attempt('4.4.4.4', 'a@example.com')).toEqual({ allowed: true });
  });

  it('refuses an IP after its max attempts, whatever the email', async () => {
    const { throttle } = throttleAt();
    for (let i = 0; i < 4; i++)
      expect((await throttle.attempt('1.1.1.1', `u${i}@x.test`)).allowed).toBe(true);
    expect(await throttle.attempt('1.1.1.1', 'fresh@x.test')).toEqual({
      allowed: false,
      retryAfterMs: 60_000,
    });
    expect((await throttle.attempt('9.9.9.9', 'fresh@x.test')).allowed).toBe(true);
  });

  it('forgets an email’s failures once it logs in, and gives the IP its attempt back', async () => {
    const { throttle } = throttleAt();
    await throttle.attempt('1.1.1.1', 'a@example.com');
    await throttle.attempt('1.1.1.1', 'a@example.com');
    await throttle.succeeded('1.1.1.1', 'a@example.com');
    expect((await throttle.attempt('1.1.1.1', 'a@example.com')).allowed).toBe(true);
    expect((await throttle.attempt('1.1.1.1', 'a@example.com')).allowed).toBe(true);
    // Three attempts counted for the IP (one given back): one more is allowed, then refused.
    expect((await throttle.attempt('1.1.1.1', 'b@example.com')).allowed).toBe(true);
    expect((await throttle.attempt('1.1.1.1', 'c@example.com')).allowed).toBe(false);
  });

  it('counts together with another app server’s throttle on the same database', async () => {
    const serverA = throttleAt().throttle;
    const serverB = throttleAt().throttle;
    expect((await serverA.attempt('1.1.1.1', 'a@example.com')).allowed).toBe(true);
    expect((await serverB.attempt('2.2.2.2', 'a@example.com')).allowed).toBe(true);
    expect((await serverA.attempt('3.3.3.3', 'a@example.com')).allowed).toBe(false);
    // A log-in on one server frees the email on the other.
    await serverB.succeeded('2.2.2.2', 'a@example.com');
    expect((await serverA.attempt('3.3.3.3', 'a@example.com')).allowed).toBe(true);
  });

  it('counts parallel guesses each once', async () => {
    const { throttle } = throttleAt();
    const verdicts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => throttle.attempt(`10.0.0.${i}`, 'a@example.com')),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(limits.perEmail.max);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { databaseKinds, openTestDatabase } from '../db/testing/test-database.ts';
import { rateLimitRepo } from './rate-limit.repo.ts';
import { attemptLimiter, rateLimiter } from './rate-limit.service.ts';
import { windowAt } from './rate-limit.ts';

const minute = 60_000;
const start = 1_700_000_040_000;

describe.each(databaseKinds)('rate-limit counters on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.destroy());
  beforeEach(async () => {
    await handle.db.deleteFrom('rate_limits').execute();
  });

  it('counts hits per bucket and window, starting again in the next window', async () => {
    const repo = rateLimitRepo(handle.db);
    const first = windowAt(start, minute);
    expect(await repo.hit('a', first)).toBe(1);
    expect(await repo.hit('a', first)).toBe(2);
    expect(await repo.hit('b', first)).toBe(1);
    expect(await repo.hit('a', windowAt(start + minute, minute))).toBe(1);
    expect(await repo.hits('a', first)).toBe(2);
    expect(await repo.hits('c', first)).toBe(0);
  });

  it('counts hits racing on one counter each once (one atomic upsert)', async () => {
    const window = windowAt(start, minute);
    // Separate repositories, as separate app servers would hold.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => rateLimitRepo(handle.db).hit('race', window)),
    );
    expect([...answers].sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await rateLimitRepo(handle.db).hits('race', window)).toBe(40);
  });

  it('sweeps the counters of windows that have ended, and only those', async () => {
    const repo = rateLimitRepo(handle.db);
    await repo.hit('old', windowAt(start, minute));
    await repo.hit('current', windowAt(start + minute, minute));
    expect(await repo.sweep(start + minute)).toBe(1);
    expect(await repo.hits('old', windowAt(start, minute))).toBe(0);
    expect(await repo.hits('current', windowAt(start + minute, minute))).toBe(1);
  });

  it('gives a hit back, never below nothing, and forgets a bucket in every window', async () => {
    const repo = rateLimitRepo(handle.db);
    const first = windowAt(start, minute);
    const next = windowAt(start + minute, minute);
    await repo.hit('a', first);
    await repo.hit('a', first);
    await repo.hit('a', next);
    await repo.hit('b', first);
    await repo.giveBack('a', first);
    expect(await repo.hits('a', first)).toBe(1);
    await repo.giveBack('a', first);
    await repo.giveBack('a', first);
    expect(await repo.hits('a', first)).toBe(0);
    // A hit after the give-backs counts from where they left it.
    expect(await repo.hit('a', first)).toBe(1);
    await repo.forget('a');
    expect(await repo.hits('a', first)).toBe(0);
    expect(await repo.hits('a', next)).toBe(0);
    expect(await repo.hits('b', first)).toBe(1);
  });

  it('counts an attempt in every counter it names, each against its own limit and window', async () => {
    let now = start;
    const limiter = rateLimiter(handle.db, 'login', () => now);
    const ip = { kind: 'ip', subject: '192.0.2.9', limit: { max: 3, windowMs: 2 * minute } };
    const email = (subject: string) => ({
      kind: 'email',
      subject,
      limit: { max: 1, windowMs: minute },
    });
    expect(await limiter.attempt([ip, email('a@x.test')])).toEqual({ allowed: true });
    expect(await limiter.attempt([ip, email('a@x.test')])).toEqual({
      allowed: false,
      retryAfterMs: minute,
    });
    expect(await limiter.attempt([ip, email('b@x.test')])).toEqual({ allowed: true });
    // The attempt given back frees one for the address; a forgotten email starts afresh.
    await limiter.giveBack(ip);
    await limiter.forget({ kind: 'email', subject: 'a@x.test' });
    expect(await limiter.attempt([ip, email('a@x.test')])).toEqual({ allowed: true });
    expect(await limiter.attempt([ip, email('c@x.test')])).toEqual({
      allowed: false,
      retryAfterMs: 2 * minute,
    });
    now = start + 2 * minute;
    expect(await limiter.attempt([ip, email('c@x.test')])).toEqual({ allowed: true });
  });

  it('limits per session and per IP, each in its own window, and lets the next window in', async () => {
    let now = start + 5_000;
    const limiter = attemptLimiter(
      handle.db,
      'intent',
      { perSession: { max: 2, windowMs: minute }, perIp: { max: 3, windowMs: 2 * minute } },
      () => now,
    );
    const alice = { sessionId: 'alice', ip: '203.0.113.7' };
    const bob = { sessionId: 'bob', ip: '203.0.113.7' };
    expect(await limiter.attempt(alice)).toEqual({ allowed: true });
    expect(await limiter.attempt(alice)).toEqual({ allowed: true });
    // Alice's session is over its limit; the window ends a minute after it began.
    expect(await limiter.attempt(alice)).toEqual({
      allowed: false,
      retryAfterMs: start + minute - now,
    });
    // Bob's session is fresh, but the address has had its three.
    expect(await limiter.attempt(bob)).toEqual({
      allowed: false,
      retryAfterMs: windowAt(now, 2 * minute).end - now,
    });
    // A visitor without a session is counted by address only.
    expect(await limiter.attempt({ sessionId: undefined, ip: '198.51.100.1' })).toEqual({
      allowed: true,
    });

    now = windowAt(now, 2 * minute).end;
    expect(await limiter.attempt(bob)).toEqual({ allowed: true });
    expect(await limiter.attempt(alice)).toEqual({ allowed: true });
  });

  it('shares its counts with another app server’s limiter on the same database', async () => {
    const limits = {
      perSession: { max: 3, windowMs: minute },
      perIp: { max: 100, windowMs: minute },
    };
    const clock = () => start;
    const serverA = attemptLimiter(handle.db, 'intent', limits, clock);
    const serverB = attemptLimiter(handle.db, 'intent', limits, clock);
    const who = { sessionId: 's', ip: '192.0.2.1' };
    expect((await serverA.attempt(who)).allowed).toBe(true);
    expect((await serverB.attempt(who)).allowed).toBe(true);
    expect((await serverA.attempt(who)).allowed).toBe(true);
    expect((await serverB.attempt(who)).allowed).toBe(false);
    // Another action counts on its own.
    const other = attemptLimiter(handle.db, 'add_payment_method', limits, clock);
    expect((await other.attempt(who)).allowed).toBe(true);
  });

  it('sweeps ended windows as it goes', async () => {
    let now = start;
    const limiter = attemptLimiter(
      handle.db,
      'intent',
      { perSession: { max: 5, windowMs: minute }, perIp: { max: 5, windowMs: minute } },
      () => now,
    );
    await limiter.attempt({ sessionId: 's', ip: '192.0.2.1' });
    now = start + 10 * minute;
    await limiter.attempt({ sessionId: 's', ip: '192.0.2.2' });
    const rows = await handle.db.selectFrom('rate_limits').select('bucket').execute();
    expect(rows.map((r) => r.bucket).sort()).toEqual(['intent|ip|192.0.2.2', 'intent|session|s']);
  });
});

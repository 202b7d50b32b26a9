import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_MS } from '../constants/index.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { databaseKinds, openTestDatabase } from '../db/testing/test-database.ts';
import { sessionRepo, signSessionId, unsignSessionToken } from './session.ts';

describe('session tokens', () => {
  it('round-trips a signed id and refuses a tampered one', () => {
    const token = signSessionId('secret', 'abc123');
    expect(unsignSessionToken('secret', token)).toBe('abc123');
    expect(unsignSessionToken('other', token)).toBeUndefined();
    expect(unsignSessionToken('secret', token.replace('abc123', 'abc124'))).toBeUndefined();
    expect(unsignSessionToken('secret', 'no-dot')).toBeUndefined();
    expect(unsignSessionToken('secret', undefined)).toBeUndefined();
  });
});

describe.each(databaseKinds)('session repository on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.destroy());

  it('finds a live session and not an expired one', async () => {
    const sessions = sessionRepo(handle.db);
    const now = new Date('2026-11-22T10:00:00Z');
    const session = await sessions.create(now);
    expect(await sessions.find(session.id, now)).toMatchObject({
      id: session.id,
      customerId: null,
    });
    expect(
      await sessions.find(session.id, new Date(now.getTime() + SESSION_LIFETIME_MS + 1)),
    ).toBeUndefined();
    expect(
      await sessions.deleteExpired(new Date(now.getTime() + SESSION_LIFETIME_MS + 1)),
    ).toBeGreaterThanOrEqual(1);
  });

  it('keeps notices for the next page and hands them out once', async () => {
    const sessions = sessionRepo(handle.db);
    const session = await sessions.create();
    await sessions.addNotice(session.id, { type: 'success', text: 'one' });
    await sessions.addNotice(session.id, { type: 'error', text: 'two' });
    expect((await sessions.takeNotices(session.id)).map((n) => n.text)).toEqual(['one', 'two']);
    expect(await sessions.takeNotices(session.id)).toEqual([]);
  });
});

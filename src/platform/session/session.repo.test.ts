import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_MS } from '../constants/index.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { databaseKinds, openTestDatabase } from '../db/testing/test-database.ts';
import { newSession, sessionRepo, signSessionId, unsignSessionToken } from './session.ts';

describe('session tokens', () => {
  it('round-trips a signed id and refuses a tampered one', () => {
    const token = signSessionId('secret', 'abc123');
    expect(unsignSessionToken('secret', token)).toBe('abc123');
    expect(unsignSessionToken('other', token)).toBeUndefined();
    expect(unsignSessionToken('secret', token.replace('abc123', 'abc124'))).toBeUndefined();
    expect(unsignSessionToken('secret', 'no-dot')).toBeUndefined();
    expect(unsignSessionToken('secret', undefined)).toBeUndefined();
  });

  it('answers the same once a token is remembered, and still refuses forgeries', () => {
    const token = signSessionId('secret', 'abc123');
    expect(signSessionId('secret', 'abc123')).toBe(token);
    expect(unsignSessionToken('secret', token)).toBe('abc123');
    expect(unsignSessionToken('secret', token)).toBe('abc123');
    expect(unsignSessionToken('other', token)).toBeUndefined();
    expect(unsignSessionToken('secret', `${token.slice(0, -1)}x`)).toBeUndefined();
    expect(signSessionId('other', 'abc123')).not.toBe(token);
  });

  it('makes unguessable ids: 24 random bytes each, never the same twice', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newSession().id));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(Buffer.from(id, 'base64url')).toHaveLength(24);
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

  async function customerAndCart() {
    const customer = await handle.db
      .insertInto('customers')
      .values({
        email: `c${Math.random()}@example.com`,
        password_hash: 'x',
        first_name: '',
        last_name: '',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sessions = sessionRepo(handle.db);
    const session = await sessions.create();
    await handle.db
      .insertInto('carts')
      .values({
        session_id: session.id,
        items_json: '[{"productId":1,"quantity":2}]',
        coupons_json: '["SAVE10"]',
        checkout_started_at: null,
        updated_at: new Date().toISOString(),
      })
      .execute();
    return { sessions, session, customerId: customer.id };
  }

  it('logs in under a new id that carries the cart and notices; the old id is gone', async () => {
    const { sessions, session, customerId } = await customerAndCart();
    await sessions.addNotice(session.id, { type: 'error', text: 'waiting' });
    const rotated = await sessions.rotate(session.id, customerId);
    expect(rotated.id).not.toBe(session.id);
    expect(rotated.customerId).toBe(customerId);
    expect(await sessions.find(rotated.id)).toMatchObject({ customerId });
    expect(await sessions.find(session.id)).toBeUndefined();
    const cart = await handle.db
      .selectFrom('carts')
      .select(['session_id', 'items_json', 'coupons_json'])
      .where('session_id', 'in', [session.id, rotated.id])
      .execute();
    expect(cart).toEqual([
      {
        session_id: rotated.id,
        items_json: '[{"productId":1,"quantity":2}]',
        coupons_json: '["SAVE10"]',
      },
    ]);
    expect((await sessions.takeNotices(rotated.id)).map((n) => n.text)).toEqual(['waiting']);
  });

  it('logs in a visitor who had no session, and one whose session has gone', async () => {
    const { sessions, customerId } = await customerAndCart();
    const fresh = await sessions.rotate(undefined, customerId);
    expect(await sessions.find(fresh.id)).toMatchObject({ customerId });
    const gone = await sessions.rotate('no-such-session', customerId);
    expect(await sessions.find(gone.id)).toMatchObject({ customerId });
  });

  it('ends a session with its cart (logging out)', async () => {
    const { sessions, session } = await customerAndCart();
    await sessions.end(session.id);
    expect(await sessions.find(session.id)).toBeUndefined();
    const carts = await handle.db
      .selectFrom('carts')
      .select('session_id')
      .where('session_id', '=', session.id)
      .execute();
    expect(carts).toEqual([]);
  });
});

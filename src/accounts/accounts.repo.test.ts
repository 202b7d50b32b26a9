import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { databaseKinds, openTestDatabase } from '../platform/db/testing/test-database.ts';
import { sessionRepo } from '../platform/session/session.ts';
import { accountsRepo } from './accounts.repo.ts';

describe.each(databaseKinds)('accounts repository on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.destroy());

  const newCustomer = (email: string) => ({
    email,
    passwordHash: 'scrypt$hash',
    firstName: 'Ada',
    lastName: 'Lovelace',
  });

  it('creates a customer once per email, whatever its case', async () => {
    const repo = accountsRepo(handle.db);
    const ada = await repo.create(newCustomer(' Ada@Example.com'));
    expect(ada).toMatchObject({ email: 'ada@example.com', firstName: 'Ada' });
    expect(await repo.create(newCustomer('ADA@example.com'))).toBeUndefined();
    expect(await repo.findByEmail('ada@EXAMPLE.com')).toEqual(ada);
    expect(await repo.findById(ada!.id)).toEqual(ada);
    expect(await repo.findByEmail('grace@example.com')).toBeUndefined();
  });

  it('reads the addresses of the customer’s own latest order, never a guest order with their email', async () => {
    const repo = accountsRepo(handle.db);
    const grace = (await repo.create(newCustomer('grace@example.com')))!;
    expect(await repo.lastAddresses(grace.id)).toBeUndefined();
    const order = (customerId: number | null, city: string, key: string) => ({
      order_key: key,
      status: 'processing',
      customer_id: customerId,
      session_id: null,
      currency: 'USD',
      billing_json: JSON.stringify({ email: 'grace@example.com', city }),
      shipping_json: JSON.stringify({ address: { city }, method: null }),
      payment_method: 'cod',
      payment_method_title: 'Cash on delivery',
      transaction_id: null,
      subtotal: 100,
      discount_total: 0,
      shipping_total: 0,
      tax_total: 0,
      total: 100,
      coupons_json: '[]',
      customer_note: '',
      created_at: new Date().toISOString(),
      paid_at: null,
    });
    await handle.db
      .insertInto('orders')
      .values(order(grace.id, 'Arlington', 'k1'))
      .execute();
    await handle.db
      .insertInto('orders')
      .values(order(grace.id, 'New York', 'k2'))
      .execute();
    await handle.db
      .insertInto('orders')
      .values(order(null, 'Somewhere else', 'k3'))
      .execute();
    expect(await repo.lastAddresses(grace.id)).toEqual({
      billing: { email: 'grace@example.com', city: 'New York' },
      shipping: { city: 'New York' },
      placedAt: expect.any(String),
    });
  });

  it('tells which customer a session is logged in as', async () => {
    const repo = accountsRepo(handle.db);
    const sessions = sessionRepo(handle.db);
    const guest = await sessions.create();
    expect(await repo.customerOfSession(guest.id)).toBeNull();
    const ada = (await repo.findByEmail('ada@example.com'))!;
    const loggedIn = await sessions.rotate(guest.id, ada.id);
    expect(await repo.customerOfSession(loggedIn.id)).toBe(ada.id);
    expect(await repo.customerOfSession('no-such-session')).toBeNull();
  });
});

import { loadCharges } from './charges.repo.ts';
import { DEFAULT_MONEY_FORMAT } from '../platform/money/money.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../demo/seed.ts';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { databaseKinds, openTestDatabase } from '../platform/db/testing/test-database.ts';
import { sessionRepo } from '../platform/session/session.ts';
import { sharedTestDataDir } from '../testing/test-shop.ts';
import { cartRepo } from './cart.repo.ts';
import { cartService } from './cart.service.ts';

describe.each(databaseKinds)('cart storage on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedDemoData(handle.db, sharedTestDataDir);
  });
  afterAll(() => handle.destroy());

  it('saves and loads a cart by session, and clears it', async () => {
    const session = await sessionRepo(handle.db).create();
    const carts = cartRepo(handle.db);
    expect(await carts.load(session.id)).toEqual({ items: [], coupons: [] });
    const cart = {
      items: [{ key: 'k', productId: 1, quantity: 2, variation: {} }],
      coupons: ['SAVE10'],
    };
    await carts.save(session.id, cart);
    await carts.save(session.id, cart);
    expect(await carts.load(session.id)).toEqual(cart);
    await carts.clear(session.id);
    expect((await carts.load(session.id)).items).toEqual([]);
  });

  it('reads coupons in the order the cart holds them', async () => {
    const coupons = await cartRepo(handle.db).coupons(['FLAT5', 'NOPE', 'SAVE10']);
    expect(coupons.map((c) => [c.code, c.discountType, c.amount])).toEqual([
      ['FLAT5', 'fixed_cart', 500],
      ['SAVE10', 'percent', 10],
    ]);
  });

  it('applies twenty concurrent adds to one cart without losing any', async () => {
    const session = await sessionRepo(handle.db).create();
    const service = cartService(handle.db, handle.kind, {
      paymentMethods: () => ['cod'],
      charges: () => loadCharges(handle.db, 'US'),
      moneyFormat: async () => DEFAULT_MONEY_FORMAT,
      customerCouponUses: async () => 0,
    });
    const hoodie = await handle.db
      .selectFrom('products')
      .select('id')
      .where('slug', '=', 'classic-hoodie')
      .executeTakeFirstOrThrow();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        service.add(session.id, { productId: hoodie.id, quantity: 1 }),
      ),
    );
    const view = await service.read(session.id);
    expect(view.totals.itemsCount).toBe(20);
  });
});

describe.each(databaseKinds)('prepared cart and session reads on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.destroy());

  it('run with each call’s own parameters, not the first call’s', async () => {
    const sessions = sessionRepo(handle.db);
    const [a, b] = [await sessions.create(), await sessions.create()];
    const carts = cartRepo(handle.db);
    await carts.save(a.id, {
      items: [{ key: 'a', productId: 1, quantity: 1, variation: {} }],
      coupons: [],
    });
    await carts.save(b.id, {
      items: [{ key: 'b', productId: 2, quantity: 2, variation: {} }],
      coupons: [],
    });
    expect((await carts.load(a.id)).items[0]?.key).toBe('a');
    expect((await carts.load(b.id)).items[0]?.key).toBe('b');
    expect((await sessions.find(b.id))?.id).toBe(b.id);
    expect(await sessions.find('missing')).toBeUndefined();
  });
});

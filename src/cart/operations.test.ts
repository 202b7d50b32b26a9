import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MONEY_FORMAT } from '../platform/money/money.ts';
import { catalogRepo } from '../catalog/catalog.repo.ts';
import { seedDemoData } from '../demo/seed.ts';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { databaseKinds, openTestDatabase } from '../platform/db/testing/test-database.ts';
import { format, messages } from '../platform/messages/index.ts';
import { newSession as unsavedSession, sessionRepo } from '../platform/session/session.ts';
import { sharedTestDataDir } from '../testing/test-shop.ts';
import { cartService } from './cart.service.ts';
import { loadCharges } from './charges.repo.ts';
import {
  addItem,
  applyCoupon,
  removeCoupon,
  removeItem,
  setQuantity,
  type CartOperationDeps,
  type CartOutcome,
} from './operations.ts';

function accepted<T>(outcome: CartOutcome<T>) {
  if (!outcome.ok) throw new Error(`refused: ${outcome.code} ${outcome.message}`);
  return outcome;
}

describe.each(databaseKinds)('cart operations, called directly, on %s', (kind) => {
  let handle: DatabaseHandle;
  let deps: CartOperationDeps;
  /** What checkout's orders say about a customer's earlier uses of a coupon. */
  const earlierUses = new Map<string, number>();
  let hoodieId: number;
  let shirtId: number;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await seedDemoData(handle.db, sharedTestDataDir);
    const catalog = catalogRepo(handle.db);
    deps = {
      catalog,
      cart: cartService(handle.db, handle.kind, {
        paymentMethods: () => ['cod'],
        charges: () => loadCharges(handle.db, 'US'),
        moneyFormat: async () => DEFAULT_MONEY_FORMAT,
        customerCouponUses: async (_tx, code, email) => earlierUses.get(`${code} ${email}`) ?? 0,
      }),
    };
    hoodieId = (await catalog.productBySlug('classic-hoodie'))!.id;
    shirtId = (await catalog.productBySlug('linen-shirt'))!.id;
  });
  afterAll(() => handle.destroy());

  async function newSession() {
    return (await sessionRepo(handle.db).create()).id;
  }

  it('adds an item and says so; a new session is stored with the first write', async () => {
    const session = sessionRepo(handle.db);
    const unsaved = unsavedSession();
    const added = accepted(
      await addItem(deps, {
        sessionId: unsaved.id,
        unsavedSession: unsaved,
        productId: hoodieId,
        quantity: 2,
      }),
    );
    expect(added.notice).toBe(format(messages.addedToCart, { name: 'Classic Hoodie' }));
    expect(added.view.totals.itemsCount).toBe(2);
    expect(added.product.id).toBe(hoodieId);
    expect(await session.find(unsaved.id)).toBeDefined();
  });

  it('adds a variation chosen by its attributes; without them refuses with the product page', async () => {
    const sessionId = await newSession();
    const refused = await addItem(deps, { sessionId, productId: shirtId, quantity: 1 });
    expect(refused).toMatchObject({
      ok: false,
      code: 'variation_required',
      kind: 'refused',
      message: format(messages.chooseVariation, { name: 'Linen Shirt' }),
      productUrl: '/product/linen-shirt/',
    });
    const added = accepted(
      await addItem(deps, {
        sessionId,
        productId: shirtId,
        quantity: 1,
        attributes: { Size: 'M' },
      }),
    );
    expect(added.item.variation).toEqual({ Size: 'M' });
    expect(added.view.totals.subtotal).toBe(3200);
  });

  it('refuses a product that does not exist as missing, and a zero quantity', async () => {
    const sessionId = await newSession();
    expect(await addItem(deps, { sessionId, productId: 999_999, quantity: 1 })).toMatchObject({
      ok: false,
      code: 'product_not_found',
      kind: 'missing',
    });
    expect(await addItem(deps, { sessionId, productId: hoodieId, quantity: 0 })).toMatchObject({
      ok: false,
      code: 'invalid_quantity',
      message: messages.invalidQuantity,
    });
  });

  it('sets a quantity, removes a line with its name, and refuses an unknown line', async () => {
    const sessionId = await newSession();
    const { item } = accepted(await addItem(deps, { sessionId, productId: hoodieId, quantity: 1 }));
    const updated = accepted(await setQuantity(deps, { sessionId, key: item.key, quantity: 3 }));
    expect(updated.view.totals.itemsCount).toBe(3);
    expect(updated.notice).toBe(messages.cartUpdated);
    const removed = accepted(await removeItem(deps, { sessionId, key: item.key }));
    expect(removed.notice).toBe(format(messages.removedFromCart, { name: 'Classic Hoodie' }));
    expect(removed.view.totals.itemsCount).toBe(0);
    expect(await removeItem(deps, { sessionId, key: item.key })).toMatchObject({
      ok: false,
      code: 'cart_item_not_found',
      kind: 'missing',
      message: messages.cartItemNotFound,
    });
    expect(await setQuantity(deps, { sessionId, key: item.key, quantity: 1 })).toMatchObject({
      ok: false,
      kind: 'missing',
    });
  });

  it('applies and removes coupons, refusing an expired one and one not on the cart', async () => {
    const sessionId = await newSession();
    accepted(await addItem(deps, { sessionId, productId: hoodieId, quantity: 1 }));
    const applied = accepted(await applyCoupon(deps, { sessionId, code: ' save10 ' }));
    expect(applied.code).toBe('SAVE10');
    expect(applied.notice).toBe(messages.couponApplied);
    expect(applied.view.totals.discountTotal).toBeGreaterThan(0);
    expect(await applyCoupon(deps, { sessionId, code: 'EXPIRED' })).toMatchObject({
      ok: false,
      message: messages.couponExpired,
      kind: 'refused',
    });
    const removed = accepted(await removeCoupon(deps, { sessionId, code: 'SAVE10' }));
    expect(removed.notice).toBe(messages.couponRemoved);
    expect(removed.view.cart.coupons).toEqual([]);
    expect(await removeCoupon(deps, { sessionId, code: 'SAVE10' })).toMatchObject({
      ok: false,
      kind: 'conflict',
      message: messages.couponNotApplied,
    });
  });

  it("checks a coupon's per-customer limit against the uses the checkout reports", async () => {
    await handle.db
      .updateTable('coupons')
      .set({ usage_limit_per_customer: 1 })
      .where('code', '=', 'FLAT5')
      .execute();
    earlierUses.set('FLAT5 once@example.com', 1);
    const sessionId = await newSession();
    accepted(await addItem(deps, { sessionId, productId: hoodieId, quantity: 1 }));
    expect(
      await applyCoupon(deps, { sessionId, code: 'FLAT5', billingEmail: 'once@example.com' }),
    ).toMatchObject({ ok: false, message: messages.couponUsageLimitReached });
    accepted(
      await applyCoupon(deps, { sessionId, code: 'FLAT5', billingEmail: 'new@example.com' }),
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { ShopperClient } from '../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import type { StoreCart } from './store-api.types.ts';

interface PanelAnswer {
  count: number;
  html: string;
  cart: StoreCart;
  nonce: string;
  code?: string;
  message?: string;
}

describe.each(databaseKinds)('slide-out cart calls on %s', (kind) => {
  let t: TestShop;
  let hoodieId: number;
  let shirtId: number;
  let lampId: number;

  beforeAll(async () => {
    t = await startTestShop(kind);
    const idOf = async (slug: string) => (await t.shop.catalog.productBySlug(slug))!.id;
    hoodieId = await idOf('classic-hoodie');
    shirtId = await idOf('linen-shirt');
    lampId = await idOf('desk-lamp');
  });
  afterAll(() => t.close());

  const shopper = () => new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
  const panel = (client: ShopperClient, fields: Record<string, string>) =>
    client.postForm<PanelAnswer>('/admin-ajax', fields);

  it('action add_to_cart answers count and html, and refresh reads the same cart', async () => {
    const client = shopper();
    const added = await panel(client, { action: 'add_to_cart', product_id: String(hoodieId) });
    expect(added.status).toBe(200);
    expect(added.body.count).toBe(1);
    expect(added.body.html).toContain('Classic Hoodie');
    const refreshed = await panel(client, { action: 'refresh_cart', event: 'refresh' });
    expect(refreshed.body).toMatchObject({ count: 1, cart: { items_count: 1 } });
    expect(refreshed.body.nonce).toMatch(/^[a-f0-9]{12}$/);
  });

  it('action add_to_cart takes the product form of a variable product: its variation and size', async () => {
    const client = shopper();
    const medium = (await t.shop.catalog.variationsOf(shirtId)).find(
      (v) => v.attributes.Size === 'M',
    )!;
    const added = await panel(client, {
      action: 'add_to_cart',
      product_id: String(shirtId),
      quantity: '2',
      variation_id: String(medium.id),
      attribute_size: 'M',
    });
    expect(added.status).toBe(200);
    expect(added.body.count).toBe(2);
    expect(added.body.cart.items).toEqual([
      expect.objectContaining({
        id: medium.id,
        name: 'Linen Shirt',
        quantity: 2,
        variation: [{ attribute: 'Size', value: 'M' }],
        prices: expect.objectContaining({ price: '3200' }),
      }),
    ]);
    expect(added.body.html).toContain('Linen Shirt – M');
    // The chosen size alone finds its variation too, as wc-ajax's add does.
    const bySize = await panel(client, {
      action: 'add_to_cart',
      product_id: String(shirtId),
      attribute_size: 'L',
    });
    expect(bySize.body.cart.items.map((item) => item.variation[0]?.value)).toEqual(['M', 'L']);
  });

  it('action add_to_cart refuses with a 4xx {code, message} and changes nothing', async () => {
    const client = shopper();
    const rows = async () => {
      const count = (table: 'sessions' | 'carts') =>
        t.shop.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.n));
      return { sessions: await count('sessions'), carts: await count('carts') };
    };
    const before = await rows();
    // A first add that is refused stores no session and no cart.
    const first = await panel(client, { action: 'add_to_cart', product_id: String(shirtId) });
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ code: 'variation_required', message: expect.any(String) });
    expect(await rows()).toEqual(before);

    await panel(client, { action: 'add_to_cart', product_id: String(lampId) });
    const aShirt = (await t.shop.catalog.variationsOf(shirtId))[0]!;
    const cases: [Record<string, string>, number, string][] = [
      [{ product_id: String(shirtId) }, 400, 'variation_required'],
      [{ product_id: String(shirtId), attribute_size: 'XXL' }, 400, 'variation_required'],
      // A variation of another product.
      [{ product_id: String(hoodieId), variation_id: String(aShirt.id) }, 404, 'product_not_found'],
      // Out of stock: the one lamp is in the cart already.
      [{ product_id: String(lampId) }, 400, 'not_enough_stock'],
      [{ product_id: '999999' }, 404, 'product_not_found'],
      [{ product_id: 'abc' }, 400, 'invalid_request'],
      [{ product_id: String(hoodieId), quantity: '0' }, 400, 'invalid_request'],
      [{ product_id: String(hoodieId), variation_id: '-1' }, 400, 'invalid_request'],
    ];
    const cartBefore = (await panel(client, { action: 'refresh_cart' })).body.cart;
    for (const [fields, status, code] of cases) {
      const refused = await panel(client, { action: 'add_to_cart', ...fields });
      expect(refused.status, JSON.stringify(fields)).toBe(status);
      expect(refused.body, JSON.stringify(fields)).toMatchObject({
        code,
        message: expect.any(String),
      });
      expect(refused.body).not.toHaveProperty('html');
    }
    const cartAfter = (await panel(client, { action: 'refresh_cart' })).body.cart;
    expect(cartAfter.items).toEqual(cartBefore.items);
    expect(cartAfter.items).toEqual([expect.objectContaining({ id: lampId, quantity: 1 })]);
  });

  it('changes the quantity and removes with the nonce, and refuses changes without it', async () => {
    const client = shopper();
    const added = await panel(client, { action: 'add_to_cart', product_id: String(hoodieId) });
    const key = added.body.cart.items[0]!.key;
    const unguarded = await panel(client, {
      action: 'refresh_cart',
      event: 'update',
      key,
      quantity: '3',
    });
    expect(unguarded.status).toBe(401);
    const forged = await panel(client, {
      action: 'refresh_cart',
      event: 'update',
      key,
      quantity: '3',
      security: '0123456789ab',
    });
    expect(forged.status).toBe(403);
    const { nonce } = (await panel(client, { action: 'refresh_cart', event: 'refresh' })).body;
    const updated = await panel(client, {
      action: 'refresh_cart',
      event: 'update',
      key,
      quantity: '3',
      security: nonce,
    });
    expect(updated.body.count).toBe(3);
    const negative = await panel(client, {
      action: 'refresh_cart',
      event: 'update',
      key,
      quantity: '-1',
      security: nonce,
    });
    expect(negative.status).toBe(400);
    const removed = await panel(client, {
      action: 'refresh_cart',
      event: 'remove',
      key,
      security: nonce,
    });
    expect(removed.body.count).toBe(0);
    expect(removed.body.html).toContain('Your cart is currently empty.');
  });

  it('applies a coupon sent in key, and refuses an expired one with its message', async () => {
    const client = shopper();
    await panel(client, { action: 'add_to_cart', product_id: String(hoodieId) });
    const { nonce } = (await panel(client, { action: 'refresh_cart', event: 'refresh' })).body;
    const expired = await panel(client, {
      action: 'refresh_cart',
      event: 'coupon',
      key: 'EXPIRED',
      security: nonce,
    });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe('This coupon has expired.');
    const applied = await panel(client, {
      action: 'refresh_cart',
      event: 'coupon',
      key: 'save10',
      security: nonce,
    });
    // 10 % off 45.00, plus the flat rate of 5.00 to the shop's base country (US, no tax).
    expect(applied.body.cart.totals).toMatchObject({ total_discount: '450', total_price: '4550' });
  });

  it('shows an applied coupon’s line in html and removes the coupon sent in key (remove_coupon)', async () => {
    const client = shopper();
    await panel(client, { action: 'add_to_cart', product_id: String(hoodieId) });
    const { nonce } = (await panel(client, { action: 'refresh_cart', event: 'refresh' })).body;
    const change = (event: string, key: string, security = nonce) =>
      panel(client, { action: 'refresh_cart', event, key, security });
    const applied = await change('coupon', 'SAVE10');
    expect(applied.body.html).toContain('Coupon: SAVE10');
    expect(applied.body.html).toContain('-$4.50');
    expect(applied.body.html).toContain('aria-label="Remove coupon SAVE10"');
    expect((await change('remove_coupon', 'SAVE10', '0123456789ab')).status).toBe(403);
    const removed = await change('remove_coupon', 'SAVE10');
    expect(removed.status).toBe(200);
    expect(removed.body.cart.coupons).toEqual([]);
    expect(removed.body.cart.totals.total_discount).toBe('0');
    expect(removed.body.html).not.toContain('Coupon:');
    expect(removed.body.html).toContain('$45.00');
  });

  it('refuses an unknown action and cross-site calls', async () => {
    expect((await panel(shopper(), { action: 'drop_everything' })).status).toBe(404);
    const crossSite = new ShopperClient(t.url, { origin: 'https://evil.example' });
    expect(
      (await panel(crossSite, { action: 'add_to_cart', product_id: String(hoodieId) })).status,
    ).toBe(403);
  });
});

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

  beforeAll(async () => {
    t = await startTestShop(kind);
    hoodieId = (await t.shop.catalog.productBySlug('classic-hoodie'))!.id;
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

  it('refuses an unknown action and cross-site calls', async () => {
    expect((await panel(shopper(), { action: 'drop_everything' })).status).toBe(404);
    const crossSite = new ShopperClient(t.url, { origin: 'https://evil.example' });
    expect(
      (await panel(crossSite, { action: 'add_to_cart', product_id: String(hoodieId) })).status,
    ).toBe(403);
  });
});

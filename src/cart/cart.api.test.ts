import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { ShopperClient } from '../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import type { StoreCart } from './store-api.types.ts';

interface AjaxCart {
  fragments: Record<string, string>;
  cart_hash: string;
  cart: StoreCart;
  success_message?: string;
  error?: boolean;
  product_url?: string;
  code?: string;
  message?: string;
}

describe.each(databaseKinds)('cart calls on %s', (kind) => {
  let t: TestShop;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true });
    ids = {};
    for (const slug of ['classic-hoodie', 'linen-shirt', 'desk-lamp', 'canvas-tote']) {
      ids[slug] = (await t.shop.catalog.productBySlug(slug))!.id;
    }
  });
  afterAll(() => t.close());

  const shopper = () => new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
  const add = (client: ShopperClient, form: Record<string, string>) =>
    client.postForm<AjaxCart>('/?wc-ajax=add_to_cart', form);

  it('add_to_cart starts a session, merges lines and answers fragments, cart_hash and the cart', async () => {
    const client = shopper();
    const first = await add(client, {
      product_id: String(ids['classic-hoodie']),
      quantity: '2',
      product_sku: 'HOODIE-CL',
    });
    expect(first.status).toBe(200);
    expect(client.cookie('shop_session')).toBeDefined();
    expect(client.cookie('woocommerce_items_in_cart')).toBe('1');
    expect(first.body.cart_hash).toMatch(/^[a-f0-9]{32}$/);
    expect(Object.keys(first.body.fragments)).toContain('div.widget_shopping_cart_content');
    expect(first.body.fragments['div.widget_shopping_cart_content']).toContain('Classic Hoodie');
    expect(first.body.success_message).toBe('“Classic Hoodie” has been added to your cart.');
    const second = await add(client, { product_id: String(ids['classic-hoodie']), quantity: '1' });
    expect(second.body.cart.items).toHaveLength(1);
    expect(second.body.cart.items[0]).toMatchObject({
      quantity: 3,
      name: 'Classic Hoodie',
      prices: { price: '4500' },
    });
    expect(second.body.cart.totals.total_price).toBe('13500');
    expect(second.body.cart_hash).not.toBe(first.body.cart_hash);
  });

  it('add_to_cart of a variable product without a choice answers error and product_url', async () => {
    const response = await add(shopper(), { product_id: String(ids['linen-shirt']) });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: true,
      product_url: '/product/linen-shirt/',
      code: 'variation_required',
    });
  });

  it('a refused add_to_cart keeps its reason for the product page it sends the shopper to', async () => {
    const client = shopper();
    expect((await add(client, { product_id: String(ids['desk-lamp']) })).status).toBe(200);
    const refused = await add(client, { product_id: String(ids['desk-lamp']) });
    expect(refused.status).toBe(400);
    expect(refused.body.product_url).toBe('/product/desk-lamp/');
    const reason =
      'You cannot add that amount of “Desk Lamp” to the cart because there is not enough stock (1 remaining).';
    expect(refused.body.message).toBe(reason);
    const page = await client.get(refused.body.product_url!);
    expect(page.text).toContain(reason);
    // Shown once: the next page has it no more.
    expect((await client.get(refused.body.product_url!)).text).not.toContain(reason);
  });

  it('a first add that is refused stores no session; one that succeeds stores session and cart together', async () => {
    const count = async (table: 'sessions' | 'carts') =>
      Number(
        (
          await t.shop.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = { sessions: await count('sessions'), carts: await count('carts') };
    const refused = await add(shopper(), { product_id: String(ids['linen-shirt']) });
    expect(refused.status).toBe(400);
    expect({ sessions: await count('sessions'), carts: await count('carts') }).toEqual(before);
    const accepted = await add(shopper(), { product_id: String(ids['canvas-tote']) });
    expect(accepted.status).toBe(200);
    expect({ sessions: await count('sessions'), carts: await count('carts') }).toEqual({
      sessions: before.sessions + 1,
      carts: before.carts + 1,
    });
  });

  it('add_to_cart with a chosen size adds that variation at its price', async () => {
    const response = await add(shopper(), {
      product_id: String(ids['linen-shirt']),
      quantity: '1',
      attribute_size: 'M',
    });
    expect(response.status).toBe(200);
    expect(response.body.cart.items[0]).toMatchObject({
      name: 'Linen Shirt',
      variation: [{ attribute: 'Size', value: 'M' }],
      prices: { price: '3200' },
      // A variation without images of its own shows its parent's.
      images: [expect.objectContaining({ thumbnail: '/media/linen-shirt-1-300.webp' })],
    });
  });

  it('refuses bad input with a 4xx {code, message} and leaves the cart as it was', async () => {
    const client = shopper();
    await add(client, { product_id: String(ids['canvas-tote']), quantity: '1' });
    const before = await client.get<StoreCart>('/wc/store/v1/cart');
    const cases: [Record<string, string>, number][] = [
      [{}, 400],
      [{ product_id: 'abc' }, 400],
      [{ product_id: String(ids['canvas-tote']), quantity: '-3' }, 400],
      [{ product_id: String(ids['canvas-tote']), quantity: '0' }, 400],
      [{ product_id: String(ids['canvas-tote']), quantity: '1.5' }, 400],
      [{ product_id: String(ids['canvas-tote']), quantity: '99999999' }, 400],
      [{ product_id: '999999' }, 404],
      [{ product_id: String(ids['desk-lamp']), quantity: '2' }, 400],
    ];
    for (const [form, status] of cases) {
      const response = await add(client, form);
      expect(response.status, JSON.stringify(form)).toBe(status);
      expect(response.body.code).toEqual(expect.any(String));
      expect(response.body.message).toEqual(expect.any(String));
    }
    const after = await client.get<StoreCart>('/wc/store/v1/cart');
    expect(after.body.items).toEqual(before.body.items);
  });

  it('refuses cross-site add_to_cart requests', async () => {
    const client = new ShopperClient(t.url, { origin: 'https://evil.example' });
    const response = await add(client, { product_id: String(ids['classic-hoodie']) });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('cross_site_request');
    expect(client.cookie('shop_session')).toBeUndefined();
  });

  it('remove_from_cart removes a line by cart_item_key and refuses unknown keys', async () => {
    const client = shopper();
    const added = await add(client, { product_id: String(ids['classic-hoodie']) });
    const key = added.body.cart.items[0]!.key;
    const unknown = await client.postForm<AjaxCart>('/?wc-ajax=remove_from_cart', {
      cart_item_key: 'f'.repeat(32),
    });
    expect(unknown.status).toBe(404);
    const removed = await client.postForm<AjaxCart>('/?wc-ajax=remove_from_cart', {
      cart_item_key: key,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.cart.items).toHaveLength(0);
    expect(removed.body.fragments['div.widget_shopping_cart_content']).toContain(
      'Your cart is currently empty.',
    );
    expect(client.cookie('woocommerce_items_in_cart')).toBeUndefined();
  });

  it('answers an unknown wc-ajax endpoint with 404', async () => {
    const response = await shopper().postForm('/?wc-ajax=drop_tables', {});
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ code: 'unknown_endpoint' });
  });

  it('refuses bodies over 1 MB and malformed JSON without a 5xx', async () => {
    const client = shopper();
    const huge = await client.request('POST', '/?wc-ajax=add_to_cart', {
      body: `product_id=1&pad=${'x'.repeat(1_100_000)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toMatchObject({ code: 'body_too_large' });
    const broken = await client.request('POST', '/?wc-ajax=add_to_cart', {
      body: '{"product_id": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: 'invalid_json' });
  });

  describe('Store API', () => {
    it('answers the cart with Nonce and, once there is a session, Cart-Token headers', async () => {
      const client = shopper();
      const empty = await client.get<StoreCart>('/wc/store/v1/cart');
      expect(empty.status).toBe(200);
      expect(empty.headers.get('nonce')).toMatch(/^[a-f0-9]{12}$/);
      expect(empty.body).toMatchObject({
        items: [],
        items_count: 0,
        totals: { currency_code: 'USD', currency_minor_unit: 2 },
      });
      await add(client, { product_id: String(ids['classic-hoodie']) });
      const full = await client.get<StoreCart>('/wc/store/v1/cart');
      expect(full.headers.get('cart-token')).toEqual(expect.any(String));
      expect(full.body).toMatchObject({
        items_count: 1,
        needs_shipping: true,
        totals: { total_items: '4500', total_shipping: '500', total_price: '5000' },
      });
    });

    it('refuses writes without a nonce (401) or with a forged one (403), changing nothing', async () => {
      const client = shopper();
      const missing = await client.postJson('/wc/store/v1/cart/add-item', {
        id: ids['classic-hoodie'],
        quantity: 1,
      });
      expect(missing.status).toBe(401);
      expect(missing.body.code).toBe('missing_nonce');
      const forged = await client.postJson(
        '/wc/store/v1/cart/add-item',
        { id: ids['classic-hoodie'], quantity: 1 },
        { nonce: 'abcdefabcdef' },
      );
      expect(forged.status).toBe(403);
      expect(forged.body.code).toBe('invalid_nonce');
      expect(client.cookie('shop_session')).toBeUndefined();
    });

    it('adds, updates and removes items with the nonce it was given', async () => {
      const client = shopper();
      const nonce = (await client.get('/wc/store/v1/cart')).headers.get('nonce')!;
      const added = await client.postJson<StoreCart>(
        '/wc/store/v1/cart/add-item',
        { id: ids['classic-hoodie'], quantity: 2 },
        { nonce },
      );
      expect(added.status).toBe(201);
      expect(added.body.items[0]?.quantity).toBe(2);
      // The session now exists, so the nonce is renewed for it.
      const next = added.headers.get('nonce')!;
      const key = added.body.items[0]!.key;
      const updated = await client.postJson<StoreCart>(
        '/wc/store/v1/cart/update-item',
        { key, quantity: 5 },
        { nonce: next },
      );
      expect(updated.status).toBe(200);
      expect(updated.body.items[0]?.quantity).toBe(5);
      const negative = await client.postJson(
        '/wc/store/v1/cart/update-item',
        { key, quantity: -1 },
        { nonce: next },
      );
      expect(negative.status).toBe(400);
      const unknown = await client.postJson(
        '/wc/store/v1/cart/update-item',
        { key: 'nope', quantity: 1 },
        { nonce: next },
      );
      expect(unknown.status).toBe(404);
      const removed = await client.postJson<StoreCart>(
        '/wc/store/v1/cart/remove-item',
        { key },
        { nonce: next },
      );
      expect(removed.body.items).toEqual([]);
    });

    it('serves a headless client that sends Cart-Token instead of cookies', async () => {
      const browser = shopper();
      await add(browser, { product_id: String(ids['classic-hoodie']) });
      const token = (await browser.get('/wc/store/v1/cart')).headers.get('cart-token')!;
      const headless = new ShopperClient(t.url, { 'cart-token': token });
      const cart = await headless.get<StoreCart>('/wc/store/v1/cart');
      expect(cart.body.items_count).toBe(1);
      const forged = new ShopperClient(t.url, { 'cart-token': `${token.split('.')[0]}.forged` });
      expect((await forged.get<StoreCart>('/wc/store/v1/cart')).body.items_count).toBe(0);
    });
  });

  describe('no-JavaScript links', () => {
    it('?add-to-cart= adds, then redirects back without the parameter and shows a notice', async () => {
      const client = shopper();
      const response = await client.get(
        `/shop/?orderby=price&add-to-cart=${ids['classic-hoodie']}`,
      );
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/shop/?orderby=price');
      const page = await client.get('/shop/?orderby=price');
      expect(page.text).toContain('“Classic Hoodie” has been added to your cart.');
      expect(page.headers.get('cache-control')).toContain('no-store');
      const cart = await client.get<StoreCart>('/wc/store/v1/cart');
      expect(cart.body.items_count).toBe(1);
    });

    it('remove links work with their nonce and do nothing without it', async () => {
      const client = shopper();
      await add(client, { product_id: String(ids['classic-hoodie']) });
      const page = await client.get('/cart/');
      const href = /href="(\/cart\/\?remove_item=[^"]+)"/
        .exec(page.text)![1]!
        .replace(/&amp;/g, '&');
      const forged = await client.get(href.replace(/_wpnonce=\w+/, '_wpnonce=000000000000'));
      expect(forged.status).toBe(303);
      expect((await client.get<StoreCart>('/wc/store/v1/cart')).body.items_count).toBe(1);
      const removed = await client.get(href);
      expect(removed.status).toBe(303);
      expect((await client.get<StoreCart>('/wc/store/v1/cart')).body.items_count).toBe(0);
    });
  });

  describe('page cache', () => {
    it('serves anonymous pages from the micro-cache and never caches a visitor with a session', async () => {
      const anonymous = new ShopperClient(t.url);
      await anonymous.get('/product/classic-hoodie/');
      const cached = await anonymous.get('/product/classic-hoodie/');
      expect(cached.headers.get('x-page-cache')).toBe('HIT');
      expect(cached.headers.get('cache-control')).toContain('public');
      expect(cached.text).not.toContain('shop_session');
      const client = shopper();
      await add(client, { product_id: String(ids['classic-hoodie']) });
      const fresh = await client.get('/product/classic-hoodie/');
      expect(fresh.headers.get('x-page-cache')).toBeNull();
      expect(fresh.headers.get('cache-control')).toBe('private, no-store');
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLY_COUPON_NONCE } from '../../cart/nonces.ts';
import type { StoreCart } from '../../cart/store-api.types.ts';
import { LOGIN_NONCE } from '../../accounts/nonces.ts';
import { STRIPE_NONCES } from '../../payments/nonces.ts';
import { ShopperClient } from '../../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../../testing/test-shop.ts';
import { MAX_BODY_BYTES } from '../constants/index.ts';
import { databaseKinds } from '../db/testing/test-database.ts';
import { createNonce } from '../nonce/nonce.ts';
import { SESSION_COOKIE } from '../session/session.ts';

const DEMO = { username: 'customer@example.com', password: 'correct horse battery staple' };
const TOO_BIG_ID = 2_147_483_648;

/** The session id inside a shopper's signed session cookie ('' without one). */
function sessionIdOf(client: ShopperClient): string {
  const token = decodeURIComponent(client.cookie(SESSION_COOKIE) ?? '');
  return token.slice(0, Math.max(0, token.lastIndexOf('.')));
}

describe.each(databaseKinds)('the HTTP edge on %s', (kind) => {
  let t: TestShop;
  let hoodie: number;

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true });
    hoodie = (await t.shop.catalog.productBySlug('classic-hoodie'))!.id;
  });
  afterAll(() => t.close());

  const shopper = () => new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
  const nonceFor = (client: ShopperClient, action: string) =>
    createNonce(t.shop.secret, action, sessionIdOf(client));
  const storeCart = (client: ShopperClient) => client.get<StoreCart>('/wc/store/v1/cart');
  async function shopperWithHoodie() {
    const client = shopper();
    const added = await client.postForm('/?wc-ajax=add_to_cart', { product_id: String(hoodie) });
    expect(added.status).toBe(200);
    return client;
  }
  async function loggedInShopper() {
    const client = await shopperWithHoodie();
    const loggedIn = await client.postForm('/admin-ajax', {
      action: 'login',
      data: new URLSearchParams({
        ...DEMO,
        'woocommerce-login-nonce': nonceFor(client, LOGIN_NONCE),
      }).toString(),
    });
    expect(loggedIn.status).toBe(200);
    return client;
  }

  describe('Cart-Token (item 1)', () => {
    it('is not the session cookie, grants the cart through the Store API, and never logs anyone in', async () => {
      const client = await loggedInShopper();
      const checkout = await client.get('/checkout/');
      expect(checkout.text).toContain(DEMO.username);
      const answer = await storeCart(client);
      const token = answer.headers.get('cart-token')!;
      expect(token).toEqual(expect.any(String));
      const cookie = decodeURIComponent(client.cookie(SESSION_COOKIE)!);
      expect(token).not.toBe(cookie);
      expect(token).not.toContain(cookie);

      const headless = new ShopperClient(t.url, { 'cart-token': token });
      expect((await storeCart(headless)).body.items_count).toBe(1);
      const page = await headless.get('/checkout/');
      expect(page.status).toBe(200);
      expect(page.text).not.toContain(DEMO.username);

      // The token as a cookie, and the cookie's value as a token, are nobody.
      const asCookie = new ShopperClient(t.url, { cookie: `${SESSION_COOKIE}=${token}` });
      expect((await asCookie.get('/checkout/')).text).not.toContain(DEMO.username);
      expect((await storeCart(asCookie)).body.items_count).toBe(0);
      const cookieAsToken = new ShopperClient(t.url, { 'cart-token': cookie });
      expect((await storeCart(cookieAsToken)).body.items_count).toBe(0);
    });

    it('is refused by every call but the Store API cart', async () => {
      const client = await shopperWithHoodie();
      const token = (await storeCart(client)).headers.get('cart-token')!;
      const headless = new ShopperClient(t.url, {
        'cart-token': token,
        'sec-fetch-site': 'same-origin',
      });
      const refreshed = await headless.postForm<{ count: number }>('/admin-ajax', {
        action: 'refresh_cart',
      });
      expect(refreshed.body.count).toBe(0);
      const cartPage = await headless.get('/cart/');
      expect(cartPage.text).not.toContain('Classic Hoodie');
    });
  });

  describe('request bodies are capped (item 2)', () => {
    const big = 'a='.concat('x'.repeat(MAX_BODY_BYTES + 10));
    for (const path of ['/checkout/', '/cart/', '/product/classic-hoodie/', '/']) {
      it(`refuses a page post over the limit to ${path} with 413`, async () => {
        const sized = await shopper().request('POST', path, {
          body: big,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(sized.status).toBe(413);
        // Streamed without a length: refused once the limit is passed.
        const streamed = await fetch(t.url + path, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new Blob([big]).stream(),
          duplex: 'half',
        } as RequestInit);
        expect(streamed.status).toBe(413);
      });
    }
  });

  describe('cross-site page posts (item 6)', () => {
    it('refuses the no-JavaScript product form from another site without an Origin', async () => {
      const client = new ShopperClient(t.url, { 'sec-fetch-site': 'cross-site' });
      const response = await client.postForm('/product/classic-hoodie/', {
        'add-to-cart': String(hoodie),
        quantity: '1',
      });
      expect(response.status).toBe(403);
      expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
      const sameSite = new ShopperClient(t.url, { 'sec-fetch-site': 'same-site' });
      const other = await sameSite.postForm('/cart/', { update_cart: '1' });
      expect(other.status).toBe(403);
    });
  });

  describe('content types (item 10)', () => {
    it('answers 4xx to page posts that are not forms, and to `POST /` with a JSON array', async () => {
      const client = await shopperWithHoodie();
      for (const path of [
        '/checkout/',
        '/cart/',
        '/product/classic-hoodie/',
        '/checkout/order-pay/1/',
      ]) {
        const json = await client.postJson(path, { a: 1 });
        expect(json.status, path).toBe(415);
        const text = await client.request('POST', path, {
          body: 'hello',
          headers: { 'content-type': 'text/plain' },
        });
        expect(text.status, path).toBe(415);
      }
      const array = await client.postJson('/', [1, 2, 3]);
      expect(array.status).toBeGreaterThanOrEqual(400);
      expect(array.status).toBeLessThan(500);
      expect((await storeCart(client)).body.items_count).toBe(1);
    });
  });

  describe('ids out of range and NUL bytes (item 11)', () => {
    it('refuses ids past the integer column with 4xx at every door', async () => {
      const client = await shopperWithHoodie();
      const nonce = (await storeCart(client)).headers.get('nonce')!;
      const calls = [
        client.postForm('/?wc-ajax=add_to_cart', { product_id: String(TOO_BIG_ID) }),
        client.postJson('/?wc-ajax=add_to_cart', { product_id: TOO_BIG_ID }),
        client.postForm('/admin-ajax', { action: 'add_to_cart', product_id: String(TOO_BIG_ID) }),
        client.postJson('/wc/store/v1/cart/add-item', { id: TOO_BIG_ID }, { nonce }),
        client.postForm('/?wc-ajax=wc_stripe_create_payment_intent', {
          stripe_order_id: String(TOO_BIG_ID),
          security: nonceFor(client, STRIPE_NONCES.createPaymentIntent),
        }),
        client.postForm('/?wc-ajax=wc_stripe_update_order_status', {
          order_id: String(TOO_BIG_ID),
          intent_id: 'pi_123',
          security: nonceFor(client, STRIPE_NONCES.updateOrderStatus),
        }),
      ];
      for (const response of await Promise.all(calls)) expect(response.status).toBe(400);
      expect((await client.get(`/?add-to-cart=${TOO_BIG_ID}`)).status).toBe(303);
      expect((await client.get(`/checkout/order-pay/${TOO_BIG_ID}/`)).status).toBe(404);
      expect((await client.get(`/checkout/order-received/${TOO_BIG_ID}/`)).status).toBe(404);
      expect((await storeCart(client)).body.items_count).toBe(1);
    });

    it('refuses a NUL byte in a coupon code or a log-in name with 4xx', async () => {
      const client = await shopperWithHoodie();
      const nonce = (await storeCart(client)).headers.get('nonce')!;
      const responses = [
        await client.postForm('/?wc-ajax=apply_coupon', {
          coupon_code: 'SAVE\u000010',
          security: nonceFor(client, APPLY_COUPON_NONCE),
        }),
        await client.postJson('/wc/store/v1/cart/apply-coupon', { code: 'a\u0000' }, { nonce }),
        await client.postForm('/admin-ajax', {
          action: 'login',
          data: new URLSearchParams({
            username: 'customer\u0000@example.com',
            password: 'x',
            'woocommerce-login-nonce': nonceFor(client, LOGIN_NONCE),
          }).toString(),
        }),
        await client.postForm('/cart/', { coupon_code: 'SAVE\u000010' }),
        await client.get('/product/classic%00hoodie/'),
      ];
      for (const response of responses) {
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
      }
      expect((await storeCart(client)).body.coupons).toEqual([]);
    });

    it('answers page numbers past any page with a page, not a 500', async () => {
      for (const url of [
        '/product/classic-hoodie/?cpage=1e308',
        '/product/classic-hoodie/?cpage=99999999999999',
        '/shop/?paged=1e308',
      ]) {
        expect((await shopper().get(url)).status, url).toBe(200);
      }
    });

    it('sends the product form with add-to-cart=abc back with a notice, adding nothing', async () => {
      const client = await shopperWithHoodie();
      for (const id of ['abc', String(TOO_BIG_ID), 'true', '1e3']) {
        const response = await client.postForm('/product/classic-hoodie/', {
          'add-to-cart': id,
          quantity: '1',
        });
        expect(response.status).toBe(303);
      }
      const page = await client.get('/product/classic-hoodie/');
      expect(page.text).toContain('Please enter a valid quantity.');
      expect((await storeCart(client)).body.items_count).toBe(1);
    });
  });

  describe('strict JSON types (item 12)', () => {
    it('refuses wrong JSON types with 400 and leaves the cart as it was', async () => {
      const client = await shopperWithHoodie();
      const before = await storeCart(client);
      const nonce = before.headers.get('nonce')!;
      const key = before.body.items[0]!.key;
      const refused = [
        await client.postJson('/wc/store/v1/cart/add-item', { id: true }, { nonce }),
        await client.postJson(
          '/wc/store/v1/cart/add-item',
          { id: hoodie, quantity: [2] },
          { nonce },
        ),
        await client.postJson('/wc/store/v1/cart/update-item', { key, quantity: null }, { nonce }),
        await client.postJson('/wc/store/v1/cart/update-item', { key, quantity: '' }, { nonce }),
        await client.postJson('/wc/store/v1/cart/update-item', { key, quantity: false }, { nonce }),
        await client.postJson('/?wc-ajax=add_to_cart', { product_id: true }),
        await client.postJson('/?wc-ajax=add_to_cart', { product_id: hoodie, quantity: null }),
        await client.postJson('/admin-ajax', { action: 'add_to_cart', product_id: true }),
        await client.postJson('/admin-ajax', {
          action: 'refresh_cart',
          event: 'update',
          key,
          quantity: '',
          security: nonceFor(client, 'refresh-cart'),
        }),
      ];
      for (const response of refused) expect(response.status).toBe(400);
      const after = await storeCart(client);
      expect(after.body.items).toEqual(before.body.items);
      // The cart page's quantity boxes: an empty or non-decimal box is refused, not a zero.
      const page = await client.get('/cart/');
      const cartNonce = /name="_wpnonce" value="([^"]+)"/.exec(page.text)![1]!;
      for (const typed of ['', '0x2', '1e1', ' 2']) {
        await client.postForm('/cart/', {
          _wpnonce: cartNonce,
          [`cart[${key}][qty]`]: typed,
          update_cart: 'Update cart',
        });
        expect((await storeCart(client)).body.items, typed).toEqual(before.body.items);
      }
      // WooCommerce's numeric strings are still numbers.
      const updated = await client.postJson<StoreCart>(
        '/wc/store/v1/cart/update-item',
        { key, quantity: '3' },
        { nonce },
      );
      expect(updated.status).toBe(200);
      expect(updated.body.items[0]?.quantity).toBe(3);
    });
  });
});

describe.each(databaseKinds)('behind a trusted proxy on %s (item 3)', (kind) => {
  let t: TestShop;
  beforeAll(async () => {
    t = await startTestShop(kind, { env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('counts the address the proxy saw, not the one the client put in X-Forwarded-For', async () => {
    for (const spoofed of ['203.0.113.1', '203.0.113.2']) {
      const client = new ShopperClient(t.url, {
        'sec-fetch-site': 'same-origin',
        'x-forwarded-for': `${spoofed}, 10.9.9.9`,
      });
      const response = await client.postForm('/?wc-ajax=wc_stripe_init_setup_intent', {
        security: createNonce(t.shop.secret, STRIPE_NONCES.initSetupIntent, ''),
      });
      expect(response.status).toBeLessThan(500);
    }
    const buckets = (await t.shop.db.selectFrom('rate_limits').select('bucket').execute()).map(
      (row) => row.bucket,
    );
    expect(buckets).toContain('intent|ip|10.9.9.9');
    expect(buckets.filter((bucket) => bucket.includes('203.0.113.'))).toEqual([]);
  });
});

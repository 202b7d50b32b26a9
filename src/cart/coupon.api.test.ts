import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeBillingForm } from '../checkout/billing.fixture.ts';
import { createTestPaymentMethod } from '@shop/test-processor/testing';
import type { CouponsTable } from '../platform/db/schema.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { ShopperClient, type ClientResponse } from '../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import type { StoreCart } from './store-api.types.ts';

interface CheckoutAnswer {
  result: 'success' | 'failure';
  order_id?: number;
  errors?: string[];
}

const success = (text: string) => `<div class="woocommerce-message" role="alert">${text}</div>`;
const refusal = (text: string) =>
  `<ul class="woocommerce-error" role="alert"><li>${text}</li></ul>`;

describe.each(databaseKinds)('coupons on %s', (kind) => {
  let t: TestShop;
  let hoodieId: number;

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true });
    hoodieId = (await t.shop.catalog.productBySlug('classic-hoodie'))!.id;
  });
  afterAll(() => t.close());

  async function addCoupon(values: Partial<CouponsTable> & { code: string }) {
    await t.shop.db
      .insertInto('coupons')
      .values({
        discount_type: 'fixed_cart',
        amount: 1000,
        expires_at: null,
        minimum_spend: null,
        usage_limit: null,
        usage_count: 0,
        usage_limit_per_customer: null,
        individual_use: 0,
        ...values,
      })
      .execute();
  }

  const usageCount = async (code: string) =>
    (
      await t.shop.db
        .selectFrom('coupons')
        .select('usage_count')
        .where('code', '=', code)
        .executeTakeFirstOrThrow()
    ).usage_count;

  /** A shopper with hoodies (45.00 each) in the cart, and the nonces the cart page hands out. */
  async function shopper(quantity = 2) {
    const client = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
    const added = await client.postForm('/?wc-ajax=add_to_cart', {
      product_id: String(hoodieId),
      quantity: String(quantity),
    });
    expect(added.status).toBe(200);
    const page = await client.get('/cart/');
    const scrape = (pattern: RegExp) => {
      const value = pattern.exec(page.text)?.[1];
      expect(value, String(pattern)).toBeDefined();
      return value!;
    };
    return {
      client,
      cartNonce: scrape(/name="_wpnonce" value="(\w+)"/),
      applyNonce: scrape(/data-apply-coupon-nonce="(\w+)"/),
      removeNonce: scrape(/data-remove-coupon-nonce="(\w+)"/),
    };
  }

  const cartOf = async (client: ShopperClient) =>
    (await client.get<StoreCart>('/wc/store/v1/cart')).body;

  const apply = (s: { client: ShopperClient; applyNonce: string }, code: string, email?: string) =>
    s.client.postForm('/?wc-ajax=apply_coupon', {
      security: s.applyNonce,
      coupon_code: code,
      ...(email === undefined ? {} : { billing_email: email }),
    });

  const remove = (s: { client: ShopperClient; removeNonce: string }, code: string) =>
    s.client.postForm('/?wc-ajax=remove_coupon', { security: s.removeNonce, coupon: code });

  function expectHtml(response: ClientResponse<unknown>, status: number, html: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.text).toBe(html);
  }

  async function checkout(client: ShopperClient, form: Record<string, string> = {}) {
    const page = await client.get('/checkout/');
    const nonce = /name="woocommerce-process-checkout-nonce" value="(\w+)"/.exec(page.text)![1]!;
    return client.postForm<CheckoutAnswer>('/?wc-ajax=checkout', {
      ...completeBillingForm,
      payment_method: 'cod',
      ...form,
      'woocommerce-process-checkout-nonce': nonce,
    });
  }

  describe('wc-ajax apply_coupon and remove_coupon', () => {
    it('SAVE10 takes 10 % off, whatever the case it is typed in', async () => {
      const s = await shopper();
      expectHtml(await apply(s, ' save10 '), 200, success('Coupon code applied successfully.'));
      const cart = await cartOf(s.client);
      expect(cart.totals).toMatchObject({
        total_items: '9000',
        total_discount: '900',
        total_price: '8100',
      });
      expect(cart.coupons).toEqual([
        expect.objectContaining({
          code: 'SAVE10',
          totals: expect.objectContaining({ total_discount: '900' }),
        }),
      ]);
      expect(s.client.cookie('woocommerce_cart_hash')).toEqual(expect.any(String));
    });

    it('FLAT5 takes 5.00 off', async () => {
      const s = await shopper();
      expectHtml(await apply(s, 'FLAT5'), 200, success('Coupon code applied successfully.'));
      expect((await cartOf(s.client)).totals).toMatchObject({
        total_discount: '500',
        total_price: '8500',
      });
    });

    it('refuses EXPIRED, an unknown code, the empty code and a code applied twice, changing nothing', async () => {
      const s = await shopper();
      expectHtml(await apply(s, 'SAVE10'), 200, success('Coupon code applied successfully.'));
      const before = await cartOf(s.client);
      expectHtml(await apply(s, 'EXPIRED'), 400, refusal('This coupon has expired.'));
      expectHtml(
        await apply(s, 'nope<b>'),
        400,
        refusal('Coupon &quot;NOPE&lt;B&gt;&quot; does not exist!'),
      );
      expectHtml(await apply(s, ''), 400, refusal('Please enter a coupon code.'));
      expectHtml(
        await s.client.postForm('/?wc-ajax=apply_coupon', { security: s.applyNonce }),
        400,
        refusal('Please enter a coupon code.'),
      );
      expectHtml(await apply(s, 'save10'), 400, refusal('Coupon code already applied!'));
      const after = await cartOf(s.client);
      expect(after.coupons).toEqual(before.coupons);
      expect(after.totals).toEqual(before.totals);
    });

    it('remove_coupon restores the total; removing it again is refused', async () => {
      const s = await shopper();
      await apply(s, 'SAVE10');
      await apply(s, 'FLAT5');
      expect((await cartOf(s.client)).totals.total_price).toBe(String(9000 - 900 - 500));
      expectHtml(await remove(s, 'save10'), 200, success('Coupon has been removed.'));
      expect((await cartOf(s.client)).totals.total_price).toBe('8500');
      expectHtml(await remove(s, 'FLAT5'), 200, success('Coupon has been removed.'));
      const cart = await cartOf(s.client);
      expect(cart.coupons).toEqual([]);
      expect(cart.totals).toMatchObject({ total_discount: '0', total_price: '9000' });
      expectHtml(
        await remove(s, 'FLAT5'),
        400,
        refusal('Coupon cannot be removed because it is not already applied to the cart.'),
      );
      expectHtml(
        await remove(s, ''),
        400,
        refusal('Sorry there was a problem removing this coupon.'),
      );
    });

    it('refuses a missing nonce (401) and a forged or wrong-action one (403), changing nothing', async () => {
      const s = await shopper();
      const missing = await s.client.postForm('/?wc-ajax=apply_coupon', { coupon_code: 'SAVE10' });
      expect(missing.status).toBe(401);
      expect(missing.body).toMatchObject({ code: 'missing_nonce' });
      for (const security of ['0123456789ab', s.removeNonce, s.cartNonce]) {
        const forged = await s.client.postForm('/?wc-ajax=apply_coupon', {
          security,
          coupon_code: 'SAVE10',
        });
        expect(forged.status).toBe(403);
        expect(forged.body).toMatchObject({ code: 'invalid_nonce' });
      }
      expect((await cartOf(s.client)).coupons).toEqual([]);
      await apply(s, 'SAVE10');
      const removeMissing = await s.client.postForm('/?wc-ajax=remove_coupon', {
        coupon: 'SAVE10',
      });
      expect(removeMissing.status).toBe(401);
      const removeForged = await s.client.postForm('/?wc-ajax=remove_coupon', {
        security: s.applyNonce,
        coupon: 'SAVE10',
      });
      expect(removeForged.status).toBe(403);
      expect((await cartOf(s.client)).coupons.map((c) => c.code)).toEqual(['SAVE10']);
    });

    it('does not combine an individual-use coupon with others, either way round', async () => {
      await addCoupon({ code: 'SOLO', individual_use: 1 });
      const first = await shopper();
      await apply(first, 'SAVE10');
      expectHtml(
        await apply(first, 'solo'),
        400,
        refusal('Sorry, coupon &quot;SOLO&quot; cannot be used in conjunction with other coupons.'),
      );
      const second = await shopper();
      await apply(second, 'SOLO');
      expectHtml(
        await apply(second, 'SAVE10'),
        400,
        refusal(
          'Sorry, coupon &quot;SOLO&quot; has already been applied and cannot be used in conjunction with other coupons.',
        ),
      );
      expect((await cartOf(second.client)).coupons.map((c) => c.code)).toEqual(['SOLO']);
    });

    it('checks the per-customer limit against billing_email when it is sent', async () => {
      await addCoupon({ code: 'ONCEEACH', usage_limit_per_customer: 1 });
      const first = await shopper(1);
      await apply(first, 'ONCEEACH', 'ada@example.com');
      expect((await checkout(first.client)).body.result).toBe('success');
      const again = await shopper(1);
      expectHtml(
        await apply(again, 'ONCEEACH', ' ADA@example.com'),
        400,
        refusal('Coupon usage limit has been reached.'),
      );
      // Without an email (or with another) it applies; checkout then counts by the billing email.
      expectHtml(await apply(again, 'ONCEEACH'), 200, success('Coupon code applied successfully.'));
      const refused = await checkout(again.client);
      expect(refused.body).toMatchObject({
        result: 'failure',
        errors: ['Coupon usage limit has been reached.'],
      });
      const other = await checkout(again.client, { billing_email: 'grace@example.com' });
      expect(other.body.result).toBe('success');
      expect(await usageCount('ONCEEACH')).toBe(2);
    });
  });

  describe('Store API apply-coupon and remove-coupon', () => {
    async function storeShopper() {
      const s = await shopper();
      const nonce = (await s.client.get('/wc/store/v1/cart')).headers.get('nonce')!;
      return { ...s, nonce };
    }

    it('applies and removes with the Nonce header, answering the cart', async () => {
      const s = await storeShopper();
      const applied = await s.client.postJson<StoreCart>(
        '/wc/store/v1/cart/apply-coupon',
        { code: 'save10' },
        { nonce: s.nonce },
      );
      expect(applied.status).toBe(200);
      expect(applied.headers.get('nonce')).toMatch(/^[a-f0-9]{12}$/);
      expect(applied.body.coupons.map((c) => c.code)).toEqual(['SAVE10']);
      expect(applied.body.totals.total_price).toBe('8100');
      const removed = await s.client.postJson<StoreCart>(
        '/wc/store/v1/cart/remove-coupon',
        { code: 'SAVE10' },
        { nonce: s.nonce },
      );
      expect(removed.status).toBe(200);
      expect(removed.body.coupons).toEqual([]);
      expect(removed.body.totals.total_price).toBe('9000');
    });

    it("refuses with WooCommerce's codes and changes nothing", async () => {
      const s = await storeShopper();
      const post = (path: string, code: string) =>
        s.client.postJson(`/wc/store/v1/cart/${path}`, { code }, { nonce: s.nonce });
      const cases: [string, string, number, string, string][] = [
        [
          'apply-coupon',
          'EXPIRED',
          400,
          'woocommerce_rest_cart_coupon_error',
          'This coupon has expired.',
        ],
        [
          'apply-coupon',
          'NOPE',
          400,
          'woocommerce_rest_cart_coupon_error',
          'Coupon "NOPE" does not exist!',
        ],
        [
          'apply-coupon',
          ' ',
          400,
          'woocommerce_rest_cart_coupon_error',
          'Please enter a coupon code.',
        ],
        [
          'remove-coupon',
          'SAVE10',
          409,
          'woocommerce_rest_cart_coupon_invalid_code',
          'Coupon cannot be removed because it is not already applied to the cart.',
        ],
      ];
      for (const [path, code, status, errorCode, message] of cases) {
        const response = await post(path, code);
        expect(response.status, `${path} ${code}`).toBe(status);
        expect(response.body).toEqual({ code: errorCode, message });
      }
      expect((await post('apply-coupon', 'FLAT5')).status).toBe(200);
      const twice = await post('apply-coupon', 'FLAT5');
      expect(twice.body).toEqual({
        code: 'woocommerce_rest_cart_coupon_error',
        message: 'Coupon code already applied!',
      });
      expect((await cartOf(s.client)).coupons.map((c) => c.code)).toEqual(['FLAT5']);
    });

    it('refuses writes without a nonce (401) or with a forged one (403)', async () => {
      const s = await storeShopper();
      const missing = await s.client.postJson('/wc/store/v1/cart/apply-coupon', { code: 'SAVE10' });
      expect(missing.status).toBe(401);
      const forged = await s.client.postJson(
        '/wc/store/v1/cart/apply-coupon',
        { code: 'SAVE10' },
        { nonce: 'abcdefabcdef' },
      );
      expect(forged.status).toBe(403);
      const crossSite = await new ShopperClient(t.url, {
        origin: 'https://evil.example',
      }).postJson('/wc/store/v1/cart/remove-coupon', { code: 'SAVE10' }, { nonce: s.nonce });
      expect(crossSite.status).toBe(403);
      expect((await cartOf(s.client)).coupons).toEqual([]);
    });
  });

  describe('the cart page without JavaScript', () => {
    it('applies a coupon from the form, shows a refusal beneath the field and removes by link', async () => {
      const s = await shopper();
      const applied = await s.client.postForm('/cart/', {
        _wpnonce: s.cartNonce,
        coupon_code: 'save10',
        apply_coupon: 'Apply coupon',
      });
      expect(applied.status).toBe(303);
      expect(applied.headers.get('location')).toBe('/cart/');
      const page = await s.client.get('/cart/');
      expect(page.text).toContain('Coupon code applied successfully.');
      expect(page.text).toMatch(/Coupon: (<!-- -->)?SAVE10/);
      expect(page.text).toContain('$81.00');

      const expired = await s.client.postForm('/cart/', {
        _wpnonce: s.cartNonce,
        coupon_code: 'EXPIRED',
        apply_coupon: 'Apply coupon',
      });
      expect(expired.status).toBe(200);
      const field = /<input[^>]*id="coupon_code"[^>]*>/.exec(expired.text)![0];
      expect(field).toContain('value="EXPIRED"');
      expect(field).toContain('aria-invalid="true"');
      expect(field).toContain('aria-describedby="coupon_code-error"');
      expect(expired.text).toContain(
        '<p id="coupon_code-error" class="field-error coupon-error" role="alert">This coupon has expired.</p>',
      );
      expect((await cartOf(s.client)).coupons.map((c) => c.code)).toEqual(['SAVE10']);

      const forgedForm = await s.client.postForm('/cart/', {
        _wpnonce: '0123456789ab',
        coupon_code: 'FLAT5',
      });
      expect(forgedForm.text).toContain('Nonce is invalid.');
      expect((await cartOf(s.client)).coupons.map((c) => c.code)).toEqual(['SAVE10']);

      const href = /href="(\/cart\/\?remove_coupon=SAVE10[^"]+)"/
        .exec(page.text)![1]!
        .replace(/&amp;/g, '&');
      expect(page.text).toContain('aria-label="Remove coupon SAVE10"');
      expect(page.text).toContain('>[Remove]</a>');
      const forged = await s.client.get(href.replace(/_wpnonce=\w+/, '_wpnonce=000000000000'));
      expect(forged.status).toBe(303);
      expect((await cartOf(s.client)).coupons.map((c) => c.code)).toEqual(['SAVE10']);
      const removed = await s.client.get(href);
      expect(removed.status).toBe(303);
      expect(removed.headers.get('location')).toBe('/cart/');
      expect((await s.client.get('/cart/')).text).toContain('Coupon has been removed.');
      expect((await cartOf(s.client)).totals.total_price).toBe('9000');
    });
  });

  describe('coupons checked again whenever the cart is priced', () => {
    it('a coupon stops discounting while its minimum spend is not met, and says why', async () => {
      await addCoupon({ code: 'MIN100', minimum_spend: 10_000 });
      const s = await shopper(3);
      expectHtml(await apply(s, 'MIN100'), 200, success('Coupon code applied successfully.'));
      const nonce = (await s.client.get('/wc/store/v1/cart')).headers.get('nonce')!;
      const key = (await cartOf(s.client)).items[0]!.key;
      const setQuantity = (quantity: number) =>
        s.client.postJson<StoreCart>('/wc/store/v1/cart/update-item', { key, quantity }, { nonce });
      expect((await cartOf(s.client)).totals.total_price).toBe('12500');
      const below = await setQuantity(2);
      expect(below.body.totals).toMatchObject({ total_discount: '0', total_price: '9000' });
      expect(below.body.coupons).toEqual([]);
      expect(below.body.errors).toEqual([
        {
          code: 'woocommerce_rest_cart_coupon_error',
          message: 'The minimum spend for this coupon is $100.00.',
        },
      ]);
      const page = await s.client.get('/cart/');
      expect(page.text).toContain('The minimum spend for this coupon is $100.00.');
      expect(page.text).toContain('aria-label="Remove coupon MIN100"');
      // Applying it again says why rather than "already applied".
      expectHtml(
        await apply(s, 'MIN100'),
        400,
        refusal('The minimum spend for this coupon is $100.00.'),
      );
      // Checkout at this total takes no use of it.
      const before = await usageCount('MIN100');
      const order = await checkout(s.client);
      expect(order.body.result).toBe('success');
      expect((await t.shop.orders.find(order.body.order_id!))!.coupons).toEqual([]);
      expect(await usageCount('MIN100')).toBe(before);
    });

    it('a coupon raised back over the minimum spend discounts again', async () => {
      const s = await shopper(2);
      const nonce = (await s.client.get('/wc/store/v1/cart')).headers.get('nonce')!;
      expectHtml(
        await apply(s, 'MIN100'),
        400,
        refusal('The minimum spend for this coupon is $100.00.'),
      );
      const key = (await cartOf(s.client)).items[0]!.key;
      await s.client.postJson('/wc/store/v1/cart/update-item', { key, quantity: 3 }, { nonce });
      await apply(s, 'MIN100');
      await s.client.postJson('/wc/store/v1/cart/update-item', { key, quantity: 2 }, { nonce });
      const raised = await s.client.postJson<StoreCart>(
        '/wc/store/v1/cart/update-item',
        { key, quantity: 3 },
        { nonce },
      );
      expect(raised.body.totals.total_price).toBe('12500');
      expect(raised.body.errors).toEqual([]);
    });

    it('a coupon that expires stops discounting at once, though priced carts are memoised', async () => {
      await addCoupon({
        code: 'SOON',
        expires_at: new Date(Date.now() + 1500).toISOString(),
      });
      const s = await shopper();
      expectHtml(await apply(s, 'SOON'), 200, success('Coupon code applied successfully.'));
      expect((await cartOf(s.client)).totals.total_price).toBe('8000');
      await new Promise((resolve) => setTimeout(resolve, 1600));
      const cart = await cartOf(s.client);
      expect(cart.totals.total_price).toBe('9000');
      expect(cart.errors).toEqual([
        { code: 'woocommerce_rest_cart_coupon_error', message: 'This coupon has expired.' },
      ]);
    });
  });

  describe('placing an order', () => {
    it('counts a use of each coupon on the order', async () => {
      const s = await shopper();
      await apply(s, 'SAVE10');
      await apply(s, 'FLAT5');
      const before = [await usageCount('SAVE10'), await usageCount('FLAT5')];
      const answer = await checkout(s.client);
      expect(answer.body.result).toBe('success');
      const order = await t.shop.orders.find(answer.body.order_id!);
      expect(order).toMatchObject({
        coupons: ['SAVE10', 'FLAT5'],
        subtotal: 9000,
        discountTotal: 1400,
        // To GB: flat rate 10.00 under 100.00, then 20 % VAT on the discounted items and shipping.
        shippingTotal: 1000,
        taxTotal: 1720,
        total: 7600 + 1000 + 1720,
      });
      expect([await usageCount('SAVE10'), await usageCount('FLAT5')]).toEqual([
        before[0]! + 1,
        before[1]! + 1,
      ]);
    });

    it('sells the last use of a limited coupon once', async () => {
      await addCoupon({ code: 'LASTONE', usage_limit: 1 });
      const first = await shopper(1);
      const second = await shopper(1);
      await apply(first, 'LASTONE');
      await apply(second, 'LASTONE');
      const answers = await Promise.all([checkout(first.client), checkout(second.client)]);
      expect(answers.map((a) => a.body.result).sort()).toEqual(['failure', 'success']);
      expect(answers.find((a) => a.body.result === 'failure')!.body.errors).toEqual([
        'Coupon usage limit has been reached.',
      ]);
      expect(await usageCount('LASTONE')).toBe(1);
      expectHtml(
        await apply(await shopper(1), 'LASTONE'),
        400,
        refusal('Coupon usage limit has been reached.'),
      );
    });

    it('gives the use back when the payment fails', async () => {
      await addCoupon({ code: 'CARDONLY', usage_limit: 1 });
      const s = await shopper(1);
      await apply(s, 'CARDONLY');
      const pm = await createTestPaymentMethod(t.url, '4000000000000002');
      const answer = await checkout(s.client, {
        payment_method: 'stripe',
        'wc-stripe-payment-method': pm.id!,
      });
      expect(answer.body).toMatchObject({ result: 'failure', errors: ['The card was declined.'] });
      expect(await usageCount('CARDONLY')).toBe(0);
      expect((await checkout(s.client)).body.result).toBe('success');
      expect(await usageCount('CARDONLY')).toBe(1);
    });
  });
});

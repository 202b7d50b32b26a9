import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { createTestPaymentMethod } from '@shop/test-processor/testing';
import { completeBillingForm } from './billing.fixture.ts';
import { ShopperClient } from '../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';

interface CheckoutAnswer {
  result: 'success' | 'failure';
  redirect?: string;
  order_id?: number;
  errors?: string[];
  messages?: string;
  code?: string;
}

const billing = completeBillingForm;

describe.each(databaseKinds)('checkout on %s', (kind) => {
  let t: TestShop;
  let ids: Record<string, number>;

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true });
    ids = {};
    for (const slug of ['classic-hoodie', 'desk-lamp', 'sticker-pack'])
      ids[slug] = (await t.shop.catalog.productBySlug(slug))!.id;
  });
  afterAll(() => t.close());

  async function shopperWith(productSlug: string, quantity = 1) {
    const client = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
    const added = await client.postForm('/?wc-ajax=add_to_cart', {
      product_id: String(ids[productSlug]),
      quantity: String(quantity),
    });
    expect(added.status).toBe(200);
    const page = await client.get('/checkout/');
    const nonce = /name="woocommerce-process-checkout-nonce" value="(\w+)"/.exec(page.text)?.[1];
    expect(nonce).toBeDefined();
    return { client, nonce: nonce! };
  }

  const cardPaymentMethod = (number: string) => createTestPaymentMethod(t.url, number);

  const stockOf = async (slug: string) => (await t.shop.catalog.productBySlug(slug))!.stock;

  it('places a cash-on-delivery order, empties the cart and shows the order-received page', async () => {
    const { client, nonce } = await shopperWith('classic-hoodie', 2);
    const answer = await client.postForm<CheckoutAnswer>('/?wc-ajax=checkout', {
      ...billing,
      payment_method: 'cod',
      'woocommerce-process-checkout-nonce': nonce,
    });
    expect(answer.body.result).toBe('success');
    expect(answer.body.redirect).toMatch(/^\/checkout\/order-received\/\d+\/\?key=wc_order_/);
    const order = await t.shop.orders.find(answer.body.order_id!);
    expect(order).toMatchObject({
      status: 'processing',
      paymentMethod: 'cod',
      // Two hoodies to GB: flat rate 10.00, 20 % VAT on items and shipping.
      subtotal: 9000,
      shippingTotal: 1000,
      taxTotal: 2000,
      total: 12000,
      shippingMethod: { title: 'Flat rate' },
      billing: { email: 'ada@example.com' },
    });
    expect(order!.lines).toEqual([
      expect.objectContaining({ name: 'Classic Hoodie', quantity: 2, unitPrice: 4500 }),
    ]);
    expect((await client.get('/wc/store/v1/cart')).body).toMatchObject({ items_count: 0 });
    const received = await client.get(answer.body.redirect!);
    expect(received.status).toBe(200);
    expect(received.text).toContain('Thank you. Your order has been received.');
    const wrongKey = await client.get(
      answer.body.redirect!.replace(/key=.*/, 'key=wc_order_guess'),
    );
    expect(wrongKey.status).toBe(404);
  });

  it('charges the card 4242 4242 4242 4242 through the test processor and marks the order paid', async () => {
    const { client, nonce } = await shopperWith('classic-hoodie');
    const pm = await cardPaymentMethod('4242424242424242');
    expect(pm.id).toMatch(/^pm_/);
    const answer = await client.postForm<CheckoutAnswer>('/?wc-ajax=checkout', {
      ...billing,
      payment_method: 'stripe',
      'wc-stripe-payment-method': pm.id!,
      'woocommerce-process-checkout-nonce': nonce,
    });
    expect(answer.body.result).toBe('success');
    const order = await t.shop.orders.find(answer.body.order_id!);
    expect(order).toMatchObject({
      status: 'processing',
      paymentMethod: 'stripe',
      transactionId: expect.stringMatching(/^pi_/),
    });
    expect(order!.paidAt).not.toBeNull();
    const intent = await t.shop.payments.stripe.paymentIntents.retrieve(order!.transactionId!);
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: (4500 + 1000) * 1.2,
      metadata: { order_id: String(order!.id) },
    });
  });

  it('shows the seed text for a declined card, fails the order and gives its stock back', async () => {
    const { client, nonce } = await shopperWith('desk-lamp');
    expect(await stockOf('desk-lamp')).toBe(1);
    const pm = await cardPaymentMethod('4000000000000002');
    const answer = await client.postForm<CheckoutAnswer>('/?wc-ajax=checkout', {
      ...billing,
      payment_method: 'stripe',
      'wc-stripe-payment-method': pm.id!,
      'woocommerce-process-checkout-nonce': nonce,
    });
    expect(answer.body).toMatchObject({ result: 'failure', errors: ['The card was declined.'] });
    expect(answer.body.messages).toContain('woocommerce-error');
    expect(await stockOf('desk-lamp')).toBe(1);
    expect((await client.get('/wc/store/v1/cart')).body).toMatchObject({ items_count: 1 });
  });

  it('refuses an incorrect card number at the processor before any order exists', async () => {
    const pm = await cardPaymentMethod('4242424242424241');
    expect(pm).toMatchObject({ status: 402, error: { code: 'incorrect_number' } });
  });

  it('sells the last desk lamp once: the second order is refused and stock never goes negative', async () => {
    const first = await shopperWith('desk-lamp');
    const second = await shopperWith('desk-lamp');
    const place = (s: { client: ShopperClient; nonce: string }) =>
      s.client.postForm<CheckoutAnswer>('/?wc-ajax=checkout', {
        ...billing,
        payment_method: 'cod',
        'woocommerce-process-checkout-nonce': s.nonce,
      });
    const answers = await Promise.all([place(first), place(second)]);
    expect(answers.map((a) => a.body.result).sort()).toEqual(['failure', 'success']);
    const refused = answers.find((a) => a.body.result === 'failure')!;
    expect(refused.body.errors?.[0]).toContain('we do not have enough “Desk Lamp” in stock');
    expect(await stockOf('desk-lamp')).toBe(0);
  });

  it('answers every missing field in WooCommerce words and creates no order', async () => {
    const { client, nonce } = await shopperWith('classic-hoodie');
    const before = await t.shop.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const answer = await client.postForm<CheckoutAnswer>('/?wc-ajax=checkout', {
      payment_method: 'cod',
      billing_email: 'not-an-email',
      'woocommerce-process-checkout-nonce': nonce,
    });
    expect(answer.body.result).toBe('failure');
    expect(answer.body.errors).toContain('Billing First name is a required field.');
    expect(answer.body.errors).toContain('Invalid billing email address');
    const after = await t.shop.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a checkout without a nonce (401) or with a forged one (403)', async () => {
    const { client } = await shopperWith('classic-hoodie');
    const missing = await client.postForm<CheckoutAnswer>('/?wc-ajax=checkout', {
      ...billing,
      payment_method: 'cod',
    });
    expect(missing.status).toBe(401);
    const forged = await client.postForm<CheckoutAnswer>('/?wc-ajax=checkout', {
      ...billing,
      payment_method: 'cod',
      'woocommerce-process-checkout-nonce': '0123456789ab',
    });
    expect(forged.status).toBe(403);
    expect((await client.get('/wc/store/v1/cart')).body).toMatchObject({ items_count: 1 });
  });

  it('the no-JavaScript checkout posts the form and is redirected to the order', async () => {
    const { client, nonce } = await shopperWith('sticker-pack');
    const response = await client.postForm('/checkout/', {
      ...billing,
      payment_method: 'cod',
      'woocommerce-process-checkout-nonce': nonce,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toMatch(/^\/checkout\/order-received\/\d+\/\?key=/);
    const invalid = await shopperWith('sticker-pack');
    const page = await invalid.client.postForm('/checkout/', {
      billing_first_name: 'Ada',
      'woocommerce-process-checkout-nonce': invalid.nonce,
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Billing Last name is a required field.');
    expect(page.text).toContain('value="Ada"');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intentsFor } from '../testing/shopper.fixture.ts';
import { createTestPaymentMethod } from '@shop/test-processor/testing';
import { submitForm } from '@shop/test-processor/testing';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { messages } from '../platform/messages/index.ts';
import { ShopperClient } from '../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { completeBillingForm } from './billing.fixture.ts';
import type { Order, OrderDraft, OrderStatus } from './order.ts';
import { orderPayUrl, orderReceivedUrl } from './payment-steps.ts';

const billing = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: '',
  country: 'GB',
  address_1: '12 St James Square',
  address_2: '',
  city: 'London',
  state: '',
  postcode: 'SW1Y 4JH',
  phone: '+44 20 7946 0958',
  email: 'ada@example.com',
};

/** React escapes quotes in text; compare page text with the message as it is written. */
const html = (text: string) => text.replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

describe.each(databaseKinds)('order-pay page on %s', (kind) => {
  let t: TestShop;
  let hoodie: { id: number; sku: string };
  let lamp: { id: number; sku: string };

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true });
    const product = async (slug: string) => {
      const found = (await t.shop.catalog.productBySlug(slug))!;
      return { id: found.id, sku: found.sku };
    };
    hoodie = await product('classic-hoodie');
    lamp = await product('desk-lamp');
  });
  afterAll(() => t.close());

  /** Two hoodies to GB as the checkout stores them: flat rate 10.00, 20 % VAT. */
  async function orderWith(
    status: OrderStatus,
    line: { id: number; sku: string; name: string; price: number } = {
      ...hoodie,
      name: 'Classic Hoodie',
      price: 4500,
    },
    quantity = 2,
  ): Promise<Order> {
    const subtotal = line.price * quantity;
    const draft: OrderDraft = {
      currency: 'USD',
      billing,
      shippingAddress: { ...billing },
      shippingMethod: { id: 'flat_rate:2', title: 'Flat rate' },
      paymentMethod: 'stripe',
      paymentMethodTitle: 'Credit / Debit Card',
      customerNote: '',
      lines: [
        {
          productId: line.id,
          name: line.name,
          sku: line.sku,
          quantity,
          unitPrice: line.price,
          subtotal,
          total: subtotal,
        },
      ],
      subtotal,
      discountTotal: 0,
      shippingTotal: 1000,
      taxTotal: (subtotal + 1000) / 5,
      total: ((subtotal + 1000) * 6) / 5,
      coupons: [],
    };
    const order = await t.shop.orders.create(draft, null, 'pending');
    if (status === 'failed') await t.shop.orders.markFailed(order.id);
    else if (status !== 'pending')
      await t.shop.db.updateTable('orders').set({ status }).where('id', '=', order.id).execute();
    return (await t.shop.orders.find(order.id))!;
  }

  const path = (order: Pick<Order, 'id' | 'key'>) => orderPayUrl(order);

  async function payPage(client: ShopperClient, order: Order) {
    const page = await client.get(path(order));
    expect(page.status).toBe(200);
    const nonce = /name="woocommerce-pay-nonce" value="(\w+)"/.exec(page.text)?.[1];
    expect(nonce).toBeDefined();
    return { page, nonce: nonce! };
  }

  async function pay(
    client: ShopperClient,
    order: Order,
    nonce: string,
    fields: Record<string, string>,
  ) {
    return client.postForm(path(order), {
      'woocommerce-pay-nonce': nonce,
      woocommerce_pay: '1',
      'terms-field': '1',
      terms: 'on',
      ...fields,
    });
  }

  async function card(number: string): Promise<string> {
    const pm = await createTestPaymentMethod(t.url, number);
    expect(pm.id).toMatch(/^pm_/);
    return pm.id!;
  }

  const stockOf = async (productId: number) =>
    (
      await t.shop.db
        .selectFrom('products')
        .select('stock')
        .where('id', '=', productId)
        .executeTakeFirstOrThrow()
    ).stock;

  it('answers 404 with the invalid-order notice for a wrong or missing key, an unknown or malformed id, and tells nothing of the order', async () => {
    const order = await orderWith('pending');
    const client = new ShopperClient(t.url);
    const addresses = [
      `/checkout/order-pay/${order.id}/?key=wc_order_guess`,
      `/checkout/order-pay/${order.id}/`,
      `/checkout/order-pay/${order.id}/?key=`,
      `/checkout/order-pay/${order.id + 1000}/?key=${order.key}`,
      `/checkout/order-pay/abc/?key=${order.key}`,
      `/checkout/order-pay/-1/?key=${order.key}`,
    ];
    for (const address of addresses) {
      const page = await client.get(address);
      expect(page.status, address).toBe(404);
      expect(page.text).toContain(messages.orderNotFound);
      for (const secret of [
        'Classic Hoodie',
        'ada@example.com',
        '$120.00',
        'Lovelace',
        'Flat rate',
      ])
        expect(page.text, `${address} tells ${secret}`).not.toContain(secret);
      expect(page.headers.get('cache-control')).toContain('no-store');
    }
    const posted = await client.postForm(`/checkout/order-pay/${order.id}/?key=wc_order_guess`, {
      payment_method: 'cod',
      terms: 'on',
    });
    expect(posted.status).toBe(404);
    expect((await t.shop.orders.find(order.id))!.status).toBe('pending');
  });

  it('shows a pending order as stored: lines, quantities, shipping and tax, the methods of its billing country and Pay for order', async () => {
    const order = await orderWith('pending');
    const { page } = await payPage(new ShopperClient(t.url), order);
    expect(page.headers.get('cache-control')).toContain('no-store');
    const text = page.text.replace(/<!-- -->/g, '');
    expect(text).toContain('<h1>Pay for order</h1>');
    expect(text).toMatch(/<td class="product-name">Classic Hoodie<\/td>/);
    expect(text).toContain('× 2');
    expect(text).toContain('$90.00');
    expect(text).toContain('$10.00 via Flat rate');
    expect(text).toMatch(/Tax<\/th><td>\$20\.00<\/td>/);
    expect(text).toContain('$120.00');
    // GB: card, Klarna, Afterpay / Clearpay, Alipay and cash on delivery; never iDEAL or BLIK.
    for (const id of ['stripe', 'stripe_klarna', 'stripe_alipay', 'cod'])
      expect(text).toContain(`id="payment_method_${id}"`);
    for (const id of ['stripe_ideal', 'stripe_blik', 'stripe_affirm'])
      expect(text).not.toContain(`id="payment_method_${id}"`);
    expect(text).toMatch(/id="payment_method_stripe"[^>]*checked/);
    expect(text).toContain('name="terms"');
    expect(text).toContain(`action="${path(order)}"`);
    expect(text).toContain('>Pay for order</button>');
    // Without JavaScript the card box says it needs JavaScript (as on the checkout).
    expect(text).toContain(messages.cardPaymentNeedsJs);
  });

  it('tells a paid or on-hold order needs no payment and links its order-received page; a cancelled one cannot be paid', async () => {
    const client = new ShopperClient(t.url);
    for (const status of ['processing', 'completed', 'on-hold'] as const) {
      const order = await orderWith(status);
      // Paid by card: the money arrived.
      if (status !== 'on-hold')
        await t.shop.db
          .updateTable('orders')
          .set({ paid_at: new Date().toISOString() })
          .where('id', '=', order.id)
          .execute();
      const page = await client.get(path(order));
      expect(page.status).toBe(200);
      expect(page.text).toContain(
        html(
          status === 'on-hold' ? messages.orderPayAwaitingPayment : messages.orderPayAlreadyPaid,
        ),
      );
      expect(page.text).toContain(`href="${orderReceivedUrl(order)}"`);
      expect(page.text).not.toContain('>Pay for order</button>');
    }
    // Cash on delivery: processing, but nothing paid yet.
    const cod = await orderWith('processing');
    const codPage = await client.get(path(cod));
    expect(codPage.text).toContain('This order’s status is “Processing”—it cannot be paid for.');
    expect(codPage.text).not.toContain(html(messages.orderPayAlreadyPaid));
    expect(codPage.text).toContain(`href="${orderReceivedUrl(cod)}"`);
    const cancelled = await orderWith('cancelled');
    const page = await client.get(path(cancelled));
    expect(page.status).toBe(200);
    expect(page.text).toContain('This order’s status is “Cancelled”—it cannot be paid for.');
    expect(page.text).not.toContain(orderReceivedUrl(cancelled));
    expect(page.text).not.toContain('>Pay for order</button>');
  });

  it('takes no money for a paid order: posting its form goes to the order-received page', async () => {
    const order = await orderWith('pending');
    const client = new ShopperClient(t.url);
    const { nonce } = await payPage(client, order);
    await t.shop.orders.markPaid(order.id, 'pi_paid_elsewhere');
    const answer = await pay(client, order, nonce, {
      payment_method: 'stripe',
      'wc-stripe-payment-method': await card('4242424242424242'),
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(orderReceivedUrl(order));
    expect(await intentsFor(t, order.id)).toEqual({ all: 0, charged: 0 });
    expect((await t.shop.orders.find(order.id))!.transactionId).toBe('pi_paid_elsewhere');
  });

  it('pays the failed order of a declined checkout once, though its form is posted twice at once', async () => {
    const client = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
    await client.postForm('/?wc-ajax=add_to_cart', { product_id: String(lamp.id), quantity: '1' });
    const checkout = await client.get('/checkout/');
    const checkoutNonce = /name="woocommerce-process-checkout-nonce" value="(\w+)"/.exec(
      checkout.text,
    )![1]!;
    const declined = await client.postForm<{ result: string; errors: string[] }>(
      '/?wc-ajax=checkout',
      {
        ...completeBillingForm,
        payment_method: 'stripe',
        'wc-stripe-payment-method': await card('4000000000000002'),
        'woocommerce-process-checkout-nonce': checkoutNonce,
        terms: 'on',
      },
    );
    expect(declined.body).toMatchObject({ result: 'failure', errors: ['The card was declined.'] });
    const { id } = await t.shop.db
      .selectFrom('orders')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const order = (await t.shop.orders.find(id))!;
    expect(order.status).toBe('failed');
    expect(await stockOf(lamp.id)).toBe(1);

    const received = await client.get(orderReceivedUrl(order));
    expect(received.text).toContain('Pay for this order');
    expect(received.text).toContain(`href="${path(order)}"`);

    const { nonce } = await payPage(client, order);
    const fields = {
      payment_method: 'stripe',
      'wc-stripe-payment-method': await card('4242424242424242'),
    };
    const answers = await Promise.all([
      pay(client, order, nonce, fields),
      pay(client, order, nonce, fields),
    ]);
    // One pays; the other either found the order's payment lock taken (and says so) or came
    // after it and found the order paid.
    expect(answers.some((a) => a.headers.get('location') === orderReceivedUrl(order))).toBe(true);
    for (const answer of answers) {
      if (answer.status === 303)
        expect(answer.headers.get('location')).toBe(orderReceivedUrl(order));
      else {
        expect(answer.status).toBe(409);
        expect(answer.text).toContain(html(messages.orderPaymentInProgress));
      }
    }
    const again = await pay(client, order, nonce, fields);
    expect(again.headers.get('location')).toBe(orderReceivedUrl(order));

    const paid = (await t.shop.orders.find(order.id))!;
    expect(paid).toMatchObject({
      status: 'processing',
      transactionId: expect.stringMatching(/^pi_/),
    });
    // The checkout's declined intent, then one charge on the order-pay page.
    expect(await intentsFor(t, order.id)).toEqual({ all: 2, charged: 1 });
    expect(await stockOf(lamp.id)).toBe(0);
    // The cart that placed the order is emptied once its order is paid.
    expect((await client.get('/wc/store/v1/cart')).body).toMatchObject({ items_count: 0 });
    await t.shop.db.updateTable('products').set({ stock: 1 }).where('id', '=', lamp.id).execute();
  });

  it('shows the seed text for a declined card and keeps the order payable, its stock given back', async () => {
    const order = await orderWith('pending', { ...lamp, name: 'Desk Lamp', price: 6000 }, 1);
    expect(await stockOf(lamp.id)).toBe(0);
    const client = new ShopperClient(t.url);
    const { nonce } = await payPage(client, order);
    const answer = await pay(client, order, nonce, {
      payment_method: 'stripe',
      'wc-stripe-payment-method': await card('4000000000009995'),
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('The card was declined.');
    expect(answer.text).toContain('>Pay for order</button>');
    expect((await t.shop.orders.find(order.id))!.status).toBe('failed');
    expect(await stockOf(lamp.id)).toBe(1);

    const retry = await payPage(client, order);
    const paid = await pay(client, order, retry.nonce, {
      payment_method: 'stripe',
      'wc-stripe-payment-method': await card('4242424242424242'),
    });
    expect(paid.headers.get('location')).toBe(orderReceivedUrl(order));
    expect((await t.shop.orders.find(order.id))!.status).toBe('processing');
    expect(await stockOf(lamp.id)).toBe(0);
    await t.shop.db.updateTable('products').set({ stock: 1 }).where('id', '=', lamp.id).execute();
  });

  it('refuses to reopen a failed order whose stock has gone since, and takes no payment', async () => {
    const order = await orderWith('pending', { ...lamp, name: 'Desk Lamp', price: 6000 }, 1);
    await t.shop.orders.markFailed(order.id);
    await t.shop.db.updateTable('products').set({ stock: 0 }).where('id', '=', lamp.id).execute();
    const client = new ShopperClient(t.url);
    const { nonce } = await payPage(client, order);
    const answer = await pay(client, order, nonce, {
      payment_method: 'stripe',
      'wc-stripe-payment-method': await card('4242424242424242'),
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('we do not have enough “Desk Lamp” in stock');
    expect((await t.shop.orders.find(order.id))!.status).toBe('failed');
    expect(await intentsFor(t, order.id)).toEqual({ all: 0, charged: 0 });
    expect(await stockOf(lamp.id)).toBe(0);
    await t.shop.db.updateTable('products').set({ stock: 1 }).where('id', '=', lamp.id).execute();
  });

  it('keeps a paid order paid when a late failure of an earlier attempt failed it meanwhile', async () => {
    const order = await orderWith('pending', { ...lamp, name: 'Desk Lamp', price: 6000 }, 1);
    // The declined checkout's webhook, arriving late: the order fails and its stock goes back.
    // (Failed before the payment that succeeds is made: that payment's own webhook may come at
    // once, and a paid order is never failed.)
    await t.shop.orders.markFailed(order.id);
    expect(await stockOf(lamp.id)).toBe(1);
    const intent = await t.shop.payments.stripe.paymentIntents.create({
      amount: order.total,
      currency: 'usd',
      payment_method: await card('4242424242424242'),
      confirm: true,
      return_url: `${t.url}${path(order)}`,
      metadata: { order_id: String(order.id), order_key: order.key },
    });
    expect(intent.status).toBe('succeeded');
    await t.shop.orders.setPaymentIntent(order.id, intent.id);
    const back = await new ShopperClient(t.url).get(
      `${path(order)}&payment_intent=${intent.id}&redirect_status=succeeded`,
    );
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(orderReceivedUrl(order));
    expect(await t.shop.orders.find(order.id)).toMatchObject({
      status: 'processing',
      transactionId: intent.id,
    });
    expect(await stockOf(lamp.id)).toBe(0);
    await t.shop.db.updateTable('products').set({ stock: 1 }).where('id', '=', lamp.id).execute();
  });

  it('works without JavaScript: cash on delivery pays; a card asks for JavaScript; terms, method and nonce are checked', async () => {
    const order = await orderWith('failed');
    const client = new ShopperClient(t.url);
    const { nonce } = await payPage(client, order);

    const needsJs = await pay(client, order, nonce, { payment_method: 'stripe' });
    expect(needsJs.status).toBe(200);
    expect(needsJs.text).toContain(messages.cardPaymentNeedsJs);

    const noTerms = await client.postForm(path(order), {
      'woocommerce-pay-nonce': nonce,
      'terms-field': '1',
      payment_method: 'cod',
    });
    expect(noTerms.text).toContain(messages.termsRequired);
    const noTermsAtAll = await client.postForm(path(order), {
      'woocommerce-pay-nonce': nonce,
      payment_method: 'cod',
    });
    expect(noTermsAtAll.text).toContain(messages.termsRequired);

    const notOffered = await pay(client, order, nonce, { payment_method: 'stripe_ideal' });
    expect(notOffered.text).toContain(messages.noPaymentMethod);

    const forged = await pay(client, order, 'abcdefabcdef', { payment_method: 'cod' });
    expect(forged.status).toBe(403);
    expect(forged.text).toContain(messages.invalidNonce);
    expect((await t.shop.orders.find(order.id))!.status).toBe('failed');

    const cod = await pay(client, order, nonce, { payment_method: 'cod' });
    expect(cod.status).toBe(303);
    expect(cod.headers.get('location')).toBe(orderReceivedUrl(order));
    expect(await t.shop.orders.find(order.id)).toMatchObject({
      status: 'processing',
      paymentMethod: 'cod',
      paymentMethodTitle: 'Cash on delivery',
    });
    expect(await intentsFor(t, order.id)).toEqual({ all: 0, charged: 0 });
  });

  it('sends a 3DS card through the confirm marker to the challenge, which comes back here: Complete pays, Fail stays payable', async () => {
    const client = new ShopperClient(t.url);
    for (const outcome of ['complete', 'fail'] as const) {
      const order = await orderWith('pending');
      const { nonce } = await payPage(client, order);
      const answer = await pay(client, order, nonce, {
        payment_method: 'stripe',
        'wc-stripe-payment-method': await card('4000002500003155'),
      });
      expect(answer.status).toBe(303);
      const location = answer.headers.get('location')!;
      const marker = new RegExp(
        `^${path(order).replace(/[?]/g, '\\?')}#wc-stripe-confirm-pi:${order.id}:(pi_\\w+)_secret_\\w+:\\w{12}$`,
      ).exec(location);
      expect(marker, location).not.toBeNull();
      const intent = await t.shop.payments.stripe.paymentIntents.retrieve(marker![1]!);
      expect(intent.status).toBe('requires_action');
      const done = await submitForm(intent.next_action!.redirect_to_url!.url!, {
        client_secret: intent.client_secret!,
        outcome,
      });
      const back = new URL(done.location!);
      expect(back.pathname).toBe(`/checkout/order-pay/${order.id}/`);
      const page = await client.get(back.pathname + back.search);
      if (outcome === 'complete') {
        expect(page.status).toBe(303);
        expect(page.headers.get('location')).toBe(orderReceivedUrl(order));
        expect((await t.shop.orders.find(order.id))!.status).toBe('processing');
      } else {
        expect(page.status).toBe(200);
        expect(page.text).toContain(messages.paymentFailed);
        expect(page.text).toContain('>Pay for order</button>');
        expect((await t.shop.orders.find(order.id))!.status).toBe('failed');
      }
    }
  });
});

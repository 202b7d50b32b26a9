import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeBillingForm } from '../checkout/billing.fixture.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { ShopperClient } from '../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { attemptWindows, holdStockUntilPaid } from '../testing/shopper.fixture.ts';
import { WEBHOOK_PATH } from './payment.routes.ts';
import { createTestPaymentMethod } from '@shop/test-processor/testing';
import { TEST_WEBHOOK_SECRET } from '@shop/test-processor/keys';
import type { TestProcessorTables } from '@shop/test-processor';

interface CheckoutAnswer {
  result: 'success' | 'failure';
  redirect?: string;
  order_id?: number;
}

describe.each(databaseKinds)('payments on %s', (kind) => {
  let t: TestShop;
  let hoodieId: number;
  const windows = attemptWindows();

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true, clock: windows.clock });
    await holdStockUntilPaid(t);
    hoodieId = (await t.shop.catalog.productBySlug('classic-hoodie'))!.id;
  });
  afterAll(() => t.close());

  /** A shopper who placed an order with the 3DS card: the order waits for authentication. */
  async function orderAwaitingAuthentication() {
    // Every checkout here comes from one address; the card-testing limit has tests of its own.
    windows.next();
    const client = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
    await client.postForm('/?wc-ajax=add_to_cart', { product_id: String(hoodieId), quantity: '1' });
    const page = await client.get('/checkout/');
    const nonce = /name="woocommerce-process-checkout-nonce" value="(\w+)"/.exec(page.text)![1]!;
    const pm = await createTestPaymentMethod(t.url, '4000002500003155');
    const answer = await client.postForm<CheckoutAnswer>('/?wc-ajax=checkout', {
      ...completeBillingForm,
      'terms-field': '1',
      terms: 'on',
      payment_method: 'stripe',
      'wc-stripe-payment-method': pm.id!,
      'woocommerce-process-checkout-nonce': nonce,
    });
    const marker = /^#wc-stripe-confirm-pi:(\d+):([^:]+):(\w+)$/.exec(answer.body.redirect ?? '');
    expect(marker).not.toBeNull();
    const [, orderId, clientSecret, statusNonce] = marker!;
    return {
      client,
      orderId: Number(orderId),
      clientSecret: clientSecret!,
      intentId: clientSecret!.split('_secret_')[0]!,
      statusNonce: statusNonce!,
    };
  }

  async function completeChallenge(intentId: string, clientSecret: string): Promise<void> {
    const response = await fetch(`${t.url}/test-processor/challenge/${intentId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: clientSecret, outcome: 'complete' }),
    });
    expect(response.status).toBe(303);
  }

  async function postWebhook(payload: string, signature: string) {
    return fetch(`${t.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
  }

  async function signedEvent(id: string, intentId: string) {
    const intent = await t.shop.payments.stripe.paymentIntents.retrieve(intentId);
    const payload = JSON.stringify({
      id,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: intent },
    });
    const signature = t.shop.payments.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: TEST_WEBHOOK_SECRET,
    });
    return { payload, signature };
  }

  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const { orderId, intentId, clientSecret } = await orderAwaitingAuthentication();
    await completeChallenge(intentId, clientSecret);
    const { payload } = await signedEvent('evt_forged', intentId);
    const forged = t.shop.payments.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_not_the_shops',
    });
    const response = await postWebhook(payload, forged);
    expect(response.status).toBe(400);
    const seen = await t.shop.db
      .selectFrom('payment_events')
      .select('id')
      .where('id', '=', 'evt_forged')
      .execute();
    expect(seen).toEqual([]);
    expect((await t.shop.orders.find(orderId))!.id).toBe(orderId);
  });

  it('a webhook and the return racing 50 times give one paid order each, sold once', async () => {
    const salesBefore = (await t.shop.catalog.productBySlug('classic-hoodie'))!.totalSales;
    for (let round = 0; round < 50; round++) {
      const o = await orderAwaitingAuthentication();
      await completeChallenge(o.intentId, o.clientSecret);
      const { payload, signature } = await signedEvent(`evt_race_${kind}_${round}`, o.intentId);
      const [webhook, returned, again] = await Promise.all([
        postWebhook(payload, signature),
        o.client.postForm<{ success: boolean; data?: { return_url?: string } }>(
          '/?wc-ajax=wc_stripe_update_order_status',
          { _ajax_nonce: o.statusNonce, order_id: String(o.orderId), intent_id: o.intentId },
        ),
        postWebhook(payload, signature),
      ]);
      expect(webhook.status).toBe(200);
      expect(again.status).toBe(200);
      expect(returned.body.success).toBe(true);
      expect(returned.body.data?.return_url).toContain(`/checkout/order-received/${o.orderId}/`);
      const order = (await t.shop.orders.find(o.orderId))!;
      expect(order).toMatchObject({ status: 'processing', transactionId: o.intentId });
    }
    const salesAfter = (await t.shop.catalog.productBySlug('classic-hoodie'))!.totalSales;
    expect(salesAfter - salesBefore).toBe(50);
  }, 120_000);

  it('keeps card numbers and CVCs out of every table after a card purchase', async () => {
    const o = await orderAwaitingAuthentication();
    await completeChallenge(o.intentId, o.clientSecret);
    const tables = [
      'orders',
      'order_items',
      'sessions',
      'carts',
      'tp_payment_methods',
      'tp_payment_intents',
    ] as const;
    for (const table of tables) {
      const rows = await t.shop.db
        .withTables<TestProcessorTables>()
        .selectFrom(table)
        .selectAll()
        .execute();
      const text = JSON.stringify(rows);
      expect(text).not.toContain('4000002500003155');
      expect(text).not.toMatch(/"cvc"|"number":"\d{12,19}"/);
    }
  });
});

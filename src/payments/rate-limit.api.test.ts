import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { completeBillingForm } from '../checkout/billing.fixture.ts';
import { CHECKOUT_NONCE, ORDER_PAY_NONCE } from '../checkout/nonces.ts';
import { orderPayUrl } from '../checkout/payment-steps.ts';
import { INTENT_RATE_LIMIT } from '../platform/constants/index.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { messages } from '../platform/messages/index.ts';
import { createNonce } from '../platform/nonce/nonce.ts';
import { ShopperClient } from '../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import {
  attemptWindows,
  holdStockUntilPaid,
  pendingOrderOf,
  shopperWithCart,
  type Shopper,
} from '../testing/shopper.fixture.ts';
import { STRIPE_NONCES } from './nonces.ts';
import { createTestPaymentMethod } from '@shop/test-processor/testing';
import type { TestProcessorTables } from '@shop/test-processor';

interface CheckoutAnswer {
  result?: 'success' | 'failure';
  redirect?: string;
  order_id?: number;
  errors?: string[];
  messages?: string;
}

interface Answer {
  success?: boolean;
  code?: string;
  message?: string;
  data?: { id?: string; error?: { message: string } };
}

describe.each(databaseKinds)('card-testing protection on %s', (kind) => {
  let t: TestShop;

  /** The shop's clock: each test starts in a fresh window of the limit. */
  const windows = attemptWindows();

  beforeAll(async () => {
    // Pages too: the no-JavaScript checkout and the order-pay page post to their page actions.
    t = await startTestShop(kind, { pages: true, clock: windows.clock });
    await holdStockUntilPaid(t);
  });
  afterAll(() => t.close());
  beforeEach(() => windows.next());

  const createIntent = (shopper: Shopper, orderId: number) =>
    shopper.client.postForm<Answer>('/?wc-ajax=wc_stripe_create_payment_intent', {
      _ajax_nonce: shopper.nonce(STRIPE_NONCES.createPaymentIntent),
      stripe_order_id: String(orderId),
    });

  const initSetup = (shopper: Shopper) =>
    shopper.client.postForm<Answer>('/?wc-ajax=wc_stripe_init_setup_intent', {
      _ajax_nonce: shopper.nonce(STRIPE_NONCES.initSetupIntent),
      payment_method_type: 'card',
    });

  const intentCount = async () =>
    (
      await t.shop.db
        .withTables<TestProcessorTables>()
        .selectFrom('tp_payment_intents')
        .select('id')
        .execute()
    ).length;
  const setupCount = async () =>
    (
      await t.shop.db
        .withTables<TestProcessorTables>()
        .selectFrom('tp_setup_intents')
        .select('id')
        .execute()
    ).length;

  function expectRefused(answer: { status: number; headers: Headers; body: Answer }) {
    expect(answer.status).toBe(429);
    expect(answer.body).toMatchObject({
      code: 'rate_limited',
      message: messages.intentRateLimited,
      success: false,
      data: { error: { message: messages.intentRateLimited } },
    });
    const retryAfter = Number(answer.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(INTENT_RATE_LIMIT.perSession.windowMs / 1000);
  }

  it('refuses a session’s intent after its limit with 429, makes no intent, and lets another session in', async () => {
    const { max } = INTENT_RATE_LIMIT.perSession;
    const tester = await shopperWithCart(t);
    // Card testers probe with made-up orders: every attempt counts, whatever its answer.
    for (let i = 0; i < max - 1; i++) {
      const probe = await createIntent(tester, 900_000 + i);
      expect(probe.status).toBe(404);
    }
    const order = await pendingOrderOf(t, tester);
    const last = await createIntent(tester, order.id);
    expect(last.status).toBe(200);
    await t.shop.orders.markFailed(order.id);
    const retry = await pendingOrderOf(t, tester);

    const intentsBefore = await intentCount();
    const setupsBefore = await setupCount();
    expectRefused(await createIntent(tester, retry.id));
    // Setup intents count against the same limit.
    expectRefused(await initSetup(tester));
    expect(await intentCount()).toBe(intentsBefore);
    expect(await setupCount()).toBe(setupsBefore);
    expect((await t.shop.orders.find(retry.id))!.paymentIntentId).toBeNull();

    const someoneElse = await shopperWithCart(t);
    const theirs = await pendingOrderOf(t, someoneElse);
    const allowed = await createIntent(someoneElse, theirs.id);
    expect(allowed.status).toBe(200);
    expect(allowed.body.data!.id).toMatch(/^pi_/);
  });

  it('lets a refused session try again once the window has ended on the shop’s clock', async () => {
    const tester = await shopperWithCart(t);
    for (let i = 0; i < INTENT_RATE_LIMIT.perSession.max; i++) await initSetup(tester);
    expectRefused(await initSetup(tester));

    windows.next();
    const order = await pendingOrderOf(t, tester);
    const again = await createIntent(tester, order.id);
    expect(again.status).toBe(200);
    expect(again.body.data!.id).toMatch(/^pi_/);
  });

  it('refuses an IP address after its limit, whichever sessions (or none) the attempts carry', async () => {
    const { max } = INTENT_RATE_LIMIT.perIp;
    // Without a cookie every attempt shares the session-less nonce; only the address counts.
    const cookieless = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
    const sessionless: Shopper = {
      client: cookieless,
      sessionId: '',
      nonce: (action) => createNonce(t.shop.secret, action, ''),
    };
    for (let i = 0; i < max - 1; i++) {
      const probe = await (i % 2 === 0
        ? createIntent(sessionless, 900_000 + i)
        : initSetup(sessionless));
      expect(probe.status).not.toBe(429);
    }
    const shopper = await shopperWithCart(t);
    const order = await pendingOrderOf(t, shopper);
    expect((await createIntent(shopper, order.id)).status).toBe(200);

    const before = await setupCount();
    expectRefused(await initSetup(sessionless));
    // A fresh session from the same address is refused too.
    const fresh = await shopperWithCart(t);
    const freshOrder = await pendingOrderOf(t, fresh);
    expectRefused(await createIntent(fresh, freshOrder.id));
    expect(await setupCount()).toBe(before);
    expect((await t.shop.orders.find(freshOrder.id))!.paymentIntentId).toBeNull();

    const counters = await t.shop.db
      .selectFrom('rate_limits')
      .selectAll()
      .where('bucket', '=', 'intent|ip|127.0.0.1')
      .execute();
    expect(counters).toHaveLength(1);
    expect(counters[0]!.hits).toBe(max + 2);
  });

  it('does not count the calls that make no intent (update_payment_intent)', async () => {
    const shopper = await shopperWithCart(t);
    const order = await pendingOrderOf(t, shopper);
    const created = await createIntent(shopper, order.id);
    for (let i = 0; i < INTENT_RATE_LIMIT.perSession.max + 2; i++) {
      const update = await shopper.client.postForm('/?wc-ajax=wc_stripe_update_payment_intent', {
        _ajax_nonce: shopper.nonce(STRIPE_NONCES.updatePaymentIntent),
        stripe_order_id: String(order.id),
        wc_payment_intent_id: created.body.data!.id!,
      });
      expect(update.status).toBe(200);
    }
    expect((await createIntent(shopper, order.id)).status).toBe(200);
  });
  // Card-testing protection wherever a payment is attempted: the checkout (ajax and page) and
  // the order-pay page count against the same limit as the intent calls.

  const card = async (number = '4242424242424242') => {
    const pm = await createTestPaymentMethod(t.url, number);
    expect(pm.id).toMatch(/^pm_/);
    return pm.id!;
  };

  const checkoutForm = async (shopper: Shopper, method = 'stripe') => ({
    ...completeBillingForm,
    payment_method: method,
    ...(method === 'stripe' && { 'wc-stripe-payment-method': await card() }),
    'woocommerce-process-checkout-nonce': shopper.nonce(CHECKOUT_NONCE),
    terms: 'on',
  });

  const checkoutAjax = async (shopper: Shopper, method = 'stripe') =>
    shopper.client.postForm<CheckoutAnswer>(
      '/?wc-ajax=checkout',
      await checkoutForm(shopper, method),
    );

  const orderCount = async () =>
    (await t.shop.db.selectFrom('orders').select('id').execute()).length;

  /** Uses up the session's attempts (and as many of its IP's) with intent calls. */
  async function useUpSession(shopper: Shopper) {
    for (let i = 0; i < INTENT_RATE_LIMIT.perSession.max; i++)
      expect((await createIntent(shopper, 900_000 + i)).status).toBe(404);
  }

  function expectRetryAfter(headers: Headers) {
    const retryAfter = Number(headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(INTENT_RATE_LIMIT.perSession.windowMs / 1000);
  }

  it('counts a card checkout against the intent limit: over it, 429 with the failure and message, no order, no intent', async () => {
    const shopper = await shopperWithCart(t);
    // Intent calls and checkouts share the limit: nine probes, then the tenth attempt checks out.
    for (let i = 0; i < INTENT_RATE_LIMIT.perSession.max - 1; i++)
      await createIntent(shopper, 900_000 + i);
    const paid = await checkoutAjax(shopper);
    expect(paid.status).toBe(200);
    expect(paid.body.result).toBe('success');

    const again = await shopperWithCart(t);
    await useUpSession(again);
    const orders = await orderCount();
    const intents = await intentCount();
    const refused = await checkoutAjax(again);
    expect(refused.status).toBe(429);
    expectRetryAfter(refused.headers);
    expect(refused.body).toMatchObject({
      result: 'failure',
      errors: [messages.intentRateLimited],
    });
    expect(refused.body.messages).toContain(messages.intentRateLimited);
    expect(await orderCount()).toBe(orders);
    expect(await intentCount()).toBe(intents);
    // The cart is still there, and cash on delivery (no card, no intent) is not limited.
    const cod = await checkoutAjax(again, 'cod');
    expect(cod.status).toBe(200);
    expect(cod.body.result).toBe('success');
    expect(await orderCount()).toBe(orders + 1);
  });

  it('refuses a card checkout from an IP over its limit, whatever the session', async () => {
    const cookieless = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
    const sessionless: Shopper = {
      client: cookieless,
      sessionId: '',
      nonce: (action) => createNonce(t.shop.secret, action, ''),
    };
    for (let i = 0; i < INTENT_RATE_LIMIT.perIp.max; i++) await initSetup(sessionless);
    const fresh = await shopperWithCart(t);
    const orders = await orderCount();
    const refused = await checkoutAjax(fresh);
    expect(refused.status).toBe(429);
    expect(refused.body.errors).toEqual([messages.intentRateLimited]);
    expect(await orderCount()).toBe(orders);
  });

  it('refuses the no-JavaScript checkout post over the limit with the message, and makes no order', async () => {
    const shopper = await shopperWithCart(t);
    await useUpSession(shopper);
    const orders = await orderCount();
    const intents = await intentCount();
    const page = await shopper.client.postForm('/checkout/', await checkoutForm(shopper));
    expect(page.status).toBe(429);
    expectRetryAfter(page.headers);
    expect(page.text).toContain(messages.intentRateLimited);
    expect(page.text).toContain('id="place_order"');
    expect(await orderCount()).toBe(orders);
    expect(await intentCount()).toBe(intents);
  });

  it('counts order-pay submits against the intent limit, and refuses them over it without a charge', async () => {
    const shopper = await shopperWithCart(t);
    const payPage = async (order: { id: number; key: string }, number: string) =>
      shopper.client.postForm(orderPayUrl(order), {
        'woocommerce-pay-nonce': shopper.nonce(ORDER_PAY_NONCE),
        woocommerce_pay: '1',
        'terms-field': '1',
        terms: 'on',
        payment_method: 'stripe',
        'wc-stripe-payment-method': await card(number),
      });
    const order = await pendingOrderOf(t, shopper);
    // Declined submits are attempts too (card testers mostly see declines).
    for (let i = 0; i < INTENT_RATE_LIMIT.perSession.max; i++) {
      const declined = await payPage(order, '4000000000000002');
      expect(declined.status).toBe(200);
      expect(declined.text).toContain(messages.cardErrors.card_declined);
    }
    const intents = await intentCount();
    const refused = await payPage(order, '4242424242424242');
    expect(refused.status).toBe(429);
    expectRetryAfter(refused.headers);
    expect(refused.text).toContain(messages.intentRateLimited);
    expect(await intentCount()).toBe(intents);
    expect((await t.shop.orders.find(order.id))!.status).toBe('failed');
    // The same limit: the gateway's intent call is refused for this session now too.
    const other = await pendingOrderOf(t, shopper);
    expectRefused(await createIntent(shopper, other.id));
  });
});

describe.each(databaseKinds)('an address limit set by PAYMENT_ATTEMPTS_PER_IP on %s', (kind) => {
  let t: TestShop;
  beforeAll(async () => {
    t = await startTestShop(kind, { env: { PAYMENT_ATTEMPTS_PER_IP: '2' } });
  });
  afterAll(() => t.close());

  it('refuses the address its third attempt', async () => {
    const cookieless = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
    const initSetup = () =>
      cookieless.postForm<Answer>('/?wc-ajax=wc_stripe_init_setup_intent', {
        _ajax_nonce: createNonce(t.shop.secret, STRIPE_NONCES.initSetupIntent, ''),
        payment_method_type: 'card',
      });
    expect((await initSetup()).status).toBe(200);
    expect((await initSetup()).status).toBe(200);
    const third = await initSetup();
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('rate_limited');
  });
});

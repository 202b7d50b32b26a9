import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { INTENT_RATE_LIMIT } from '../platform/constants/index.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { messages } from '../platform/messages/index.ts';
import { createNonce } from '../platform/nonce/nonce.ts';
import { ShopperClient } from '../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { pendingOrderOf, shopperWithCart, type Shopper } from './intents.fixture.ts';
import { STRIPE_NONCES } from './nonces.ts';

interface Answer {
  success?: boolean;
  code?: string;
  message?: string;
  data?: { id?: string; error?: { message: string } };
}

describe.each(databaseKinds)('card-testing protection on %s', (kind) => {
  let t: TestShop;

  beforeAll(async () => {
    t = await startTestShop(kind);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.shop.db.deleteFrom('rate_limits').execute();
  });

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
    (await t.shop.db.selectFrom('tp_payment_intents').select('id').execute()).length;
  const setupCount = async () =>
    (await t.shop.db.selectFrom('tp_setup_intents').select('id').execute()).length;

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
});

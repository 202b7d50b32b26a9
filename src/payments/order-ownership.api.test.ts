import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeChallenge, walkedAwayFromChallenge } from '../checkout/three-d-secure.fixture.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { shopperWithCart } from './intents.fixture.ts';
import { STRIPE_NONCES } from './nonces.ts';

interface StatusAnswer {
  success: boolean;
  data?: { return_url?: string; error?: { message?: string } };
}

describe.each(databaseKinds)('payment calls act on the caller’s own orders on %s', (kind) => {
  let t: TestShop;
  beforeAll(async () => {
    t = await startTestShop(kind);
  });
  afterAll(() => t.close());

  it('update_order_status from another session with someone else’s order and intent tells nothing', async () => {
    const owner = await walkedAwayFromChallenge(t);
    await completeChallenge(t, owner);
    const stranger = await shopperWithCart(t);
    const answer = await stranger.client.postForm<StatusAnswer>(
      '/?wc-ajax=wc_stripe_update_order_status',
      {
        _ajax_nonce: stranger.nonce(STRIPE_NONCES.updateOrderStatus),
        order_id: String(owner.orderId),
        intent_id: owner.intentId,
      },
    );
    const order = (await t.shop.orders.find(owner.orderId))!;
    expect(answer.text).not.toContain(order.key);
    expect(answer.body.success).toBe(false);
    // The owner's own call still gets the thank-you page.
    const own = await owner.client.postForm<StatusAnswer>(
      '/?wc-ajax=wc_stripe_update_order_status',
      {
        _ajax_nonce: owner.statusNonce,
        order_id: String(owner.orderId),
        intent_id: owner.intentId,
      },
    );
    expect(own.body.success).toBe(true);
    expect(own.body.data?.return_url).toContain(`key=${order.key}`);
  });

  it('update_failed_order from another session changes and confirms nothing', async () => {
    const owner = await walkedAwayFromChallenge(t);
    const stranger = await shopperWithCart(t);
    const answer = await stranger.client.postForm<{ success: boolean }>(
      '/?wc-ajax=wc_stripe_update_failed_order',
      {
        _ajax_nonce: stranger.nonce(STRIPE_NONCES.updateFailedOrder),
        order_id: String(owner.orderId),
        intent_id: owner.intentId,
      },
    );
    expect(answer.body.success).toBe(false);
  });

  it('a caller holding the order’s key (the order-pay link) may update its status', async () => {
    const owner = await walkedAwayFromChallenge(t);
    await completeChallenge(t, owner);
    const order = (await t.shop.orders.find(owner.orderId))!;
    const otherDevice = await shopperWithCart(t);
    const answer = await otherDevice.client.postForm<StatusAnswer>(
      '/?wc-ajax=wc_stripe_update_order_status',
      {
        _ajax_nonce: otherDevice.nonce(STRIPE_NONCES.updateOrderStatus),
        order_id: String(owner.orderId),
        intent_id: owner.intentId,
        order_key: order.key,
      },
    );
    expect(answer.body.success).toBe(true);
    expect(answer.body.data?.return_url).toContain(`/checkout/order-received/${order.id}/`);
  });
});

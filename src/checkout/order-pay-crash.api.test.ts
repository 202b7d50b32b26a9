import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  attemptWindows,
  holdStockUntilPaid,
  pendingOrderOf,
  shopperWithCart,
  type Shopper,
} from '../testing/shopper.fixture.ts';
import { createTestPaymentMethod } from '@shop/test-processor/testing';
import { ORDER_PAYMENT_LOCK_MS } from '../platform/constants/index.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { appServer } from '../platform/jobs/app-server.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { ORDER_PAY_NONCE } from './nonces.ts';
import type { Order } from './order.ts';
import { orderPayRepo } from './order-pay.repo.ts';
import { orderPayUrl, orderReceivedUrl } from './payment-steps.ts';

describe.each(databaseKinds)('an order-pay attempt cut off mid-way on %s', (kind) => {
  let t: TestShop;
  const windows = attemptWindows();
  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true, clock: windows.clock });
    await holdStockUntilPaid(t);
  });
  afterAll(() => t.close());

  // Every payment here comes from one address; the card-testing limit has tests of its own.
  beforeEach(() => windows.next());

  const payByCard = async (shopper: Shopper, order: Order) => {
    const pm = await createTestPaymentMethod(t.url, '4242424242424242');
    return shopper.client.postForm(orderPayUrl(order), {
      'woocommerce-pay-nonce': shopper.nonce(ORDER_PAY_NONCE),
      woocommerce_pay: '1',
      'terms-field': '1',
      terms: 'on',
      payment_method: 'stripe',
      'wc-stripe-payment-method': pm.id!,
    });
  };

  it('frees the order’s payment lock of an attempt whose server died at once', async () => {
    const shopper = await shopperWithCart(t);
    const order = await pendingOrderOf(t, shopper);
    const taken = await orderPayRepo(t.shop.db).lockPayment(
      order.id,
      Date.now(),
      ORDER_PAYMENT_LOCK_MS,
      'a-server-that-crashed:its-attempt',
    );
    expect(taken).not.toBeNull();
    const paid = await payByCard(shopper, order);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(orderReceivedUrl(order));
  });

  it('still refuses while the attempt runs on a live app server', async () => {
    const shopper = await shopperWithCart(t);
    const order = await pendingOrderOf(t, shopper);
    // Another app server of this shop: its heartbeat is read by the shop's own clock.
    const otherServer = appServer(t.shop.db, windows.clock);
    await otherServer.beat();
    await orderPayRepo(t.shop.db).lockPayment(
      order.id,
      Date.now(),
      ORDER_PAYMENT_LOCK_MS,
      otherServer.startAttempt(),
    );
    expect((await payByCard(shopper, order)).status).toBe(409);
    await otherServer.stop();
    expect((await payByCard(shopper, order)).status).toBe(303);
  });
});

import type { TestProcessorTables } from '@shop/test-processor';
import { createTestPaymentMethod } from '@shop/test-processor/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_PAYMENT_LOCK_MS } from '../platform/constants/index.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { appServer, systemClock } from '../platform/jobs/app-server.ts';
import { intentsFor, shopperWithCart, type Shopper } from '../testing/shopper.fixture.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { orderPayRepo } from './order-pay.repo.ts';
import { orderReceivedUrl } from './payment-steps.ts';
import { postCheckout, walkedAwayFromChallenge } from './three-d-secure.fixture.ts';

/** CONTRACT §4's declined cards, tried one after another as a shopper would. */
const DECLINED_CARDS = [
  '4000000000000002',
  '4000000000009995',
  '4000000000000069',
  '4000000000000127',
  '4000000000000119',
];

describe.each(databaseKinds)('the session’s order awaiting payment on %s', (kind) => {
  let t: TestShop;
  beforeAll(async () => {
    t = await startTestShop(kind);
    await t.shop.db
      .updateTable('products')
      .set({ stock: 100 })
      .where('slug', '=', 'classic-hoodie')
      .execute();
  });
  afterAll(() => t.close());

  const stockOf = async (slug: string) => (await t.shop.catalog.productBySlug(slug))!.stock;
  const ordersOf = (sessionId: string) =>
    t.shop.db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('session_id', '=', sessionId)
      .orderBy('id')
      .execute();
  const payWith = async (shopper: Shopper, card: string) =>
    postCheckout(t, shopper, (await createTestPaymentMethod(t.url, card)).id!);
  const failedMailsOf = async (orderIds: number[]) =>
    t.shop.db
      .selectFrom('mail_queue')
      .select('mail_key')
      .where(
        'mail_key',
        'in',
        orderIds.map((id) => `order:${id}:failed`),
      )
      .execute();

  it('five declined cards in a row keep one order, failed once to the shop; a good card then pays that same order', async () => {
    const stockBefore = (await stockOf('classic-hoodie'))!;
    const shopper = await shopperWithCart(t);
    for (const card of DECLINED_CARDS) {
      const answer = await payWith(shopper, card);
      expect(answer.body.result, card).toBe('failure');
    }
    const orders = await ordersOf(shopper.sessionId);
    expect(orders).toEqual([{ id: orders[0]!.id, status: 'failed' }]);
    expect(await failedMailsOf(orders.map((o) => o.id))).toHaveLength(1);
    // Each decline gave back what the attempt before it took again: nothing is held now.
    expect(await stockOf('classic-hoodie')).toBe(stockBefore);
    expect((await intentsFor(t, orders[0]!.id)).all).toBe(DECLINED_CARDS.length);

    const paid = await payWith(shopper, '4242424242424242');
    expect(paid.body.result, JSON.stringify(paid.body)).toBe('success');
    const order = (await t.shop.orders.find(orders[0]!.id))!;
    expect(paid.body.redirect).toBe(orderReceivedUrl(order));
    expect(order.status).toBe('processing');
    expect(await ordersOf(shopper.sessionId)).toHaveLength(1);
    expect(await stockOf('classic-hoodie')).toBe(stockBefore - 1);
    expect((await intentsFor(t, order.id)).charged).toBe(1);
  });

  it('a changed cart is a new order; the one it changed from stays as it was', async () => {
    const shopper = await shopperWithCart(t);
    expect((await payWith(shopper, DECLINED_CARDS[0]!)).body.result).toBe('failure');
    const [first] = await ordersOf(shopper.sessionId);
    const tote = (await t.shop.catalog.productBySlug('canvas-tote'))!;
    await shopper.client.postForm('/?wc-ajax=add_to_cart', {
      product_id: String(tote.id),
      quantity: '1',
    });
    expect((await payWith(shopper, DECLINED_CARDS[1]!)).body.result).toBe('failure');
    const orders = await ordersOf(shopper.sessionId);
    expect(orders).toHaveLength(2);
    expect(orders[0]).toEqual(first);
    expect((await t.shop.orders.find(orders[1]!.id))!.lines).toHaveLength(2);
  });

  it('an order another attempt is paying is not resumed: the checkout answers 409 and changes nothing', async () => {
    const shopper = await shopperWithCart(t);
    expect((await payWith(shopper, DECLINED_CARDS[0]!)).body.result).toBe('failure');
    const [order] = await ordersOf(shopper.sessionId);
    // The order-pay page of that order, on another app server that runs.
    const other = appServer(t.shop.db, systemClock);
    await other.beat();
    await orderPayRepo(t.shop.db).lockPayment(
      order!.id,
      Date.now(),
      ORDER_PAYMENT_LOCK_MS,
      other.startAttempt(),
    );
    const answer = await payWith(shopper, '4242424242424242');
    expect(answer.status).toBe(409);
    expect(await ordersOf(shopper.sessionId)).toEqual([order]);
    expect((await intentsFor(t, order!.id)).charged).toBe(0);
    await other.stop();
  });

  it('a challenge walked away from is resumed: its intent is cancelled and the new card charges the same order once', async () => {
    const o = await walkedAwayFromChallenge(t);
    const paid = await payWith(o, '4242424242424242');
    expect(paid.body.result, JSON.stringify(paid.body)).toBe('success');
    expect(await ordersOf(o.sessionId)).toEqual([{ id: o.orderId, status: 'processing' }]);
    expect((await t.shop.payments.stripe.paymentIntents.retrieve(o.intentId)).status).toBe(
      'canceled',
    );
    expect((await intentsFor(t, o.orderId)).charged).toBe(1);
  });

  it('an order whose earlier intent went through meanwhile is not charged again', async () => {
    const o = await walkedAwayFromChallenge(t);
    await t.app.testProcessor!.deliverPending();
    // Authenticated in another tab; its webhook has not come.
    await t.shop.db
      .withTables<TestProcessorTables>()
      .updateTable('tp_payment_intents')
      .set({ status: 'succeeded', next_action_json: null })
      .where('id', '=', o.intentId)
      .execute();
    const answer = await payWith(o, '4242424242424242');
    expect(answer.body.result, JSON.stringify(answer.body)).toBe('success');
    const order = (await t.shop.orders.find(o.orderId))!;
    expect(answer.body.redirect).toBe(orderReceivedUrl(order));
    expect(order).toMatchObject({ status: 'processing', transactionId: o.intentId });
    expect(await intentsFor(t, o.orderId)).toEqual({ all: 1, charged: 1 });
  });
});

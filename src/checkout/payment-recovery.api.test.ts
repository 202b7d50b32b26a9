import type { TestProcessorTables } from '@shop/test-processor';
import { createTestPaymentMethod } from '@shop/test-processor/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartRepo } from '../cart/cart.repo.ts';
import { WEBHOOK_PATH } from '../payments/payment.routes.ts';
import {
  APP_SERVER_GONE_AFTER_MS,
  CHECKOUT_CLAIM_STALE_MS,
  CUT_OFF_ATTEMPTS_SWEEP_MS,
  JOBS_TICK_MS,
  ORDER_PAYMENT_LOCK_MS,
  PAID_INTENTS_SWEEP_MS,
} from '../platform/constants/index.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { appServer, type AppServer } from '../platform/jobs/app-server.ts';
import { messages } from '../platform/messages/index.ts';
import { pendingOrderOf, shopperWithCart } from '../testing/shopper.fixture.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { holdStockRepo } from './hold-stock.repo.ts';
import { orderPayRepo } from './order-pay.repo.ts';
import { orderIntentParams } from '../payments/order-payment.ts';
import { recoverCutOffAttempts } from './payment-recovery.ts';
import { walkedAwayFromChallenge } from './three-d-secure.fixture.ts';

describe.each(databaseKinds)('what a dead app server left behind on %s', (kind) => {
  let t: TestShop;
  /** The shops' clock: the tests move it instead of waiting. */
  let now = Date.now();
  const clock = () => new Date(now);
  const later = (ms: number) => {
    now += ms;
  };

  beforeAll(async () => {
    t = await startTestShop(kind, { clock });
    await t.shop.db
      .updateTable('products')
      .set({ stock: 100 })
      .where('slug', '=', 'classic-hoodie')
      .execute();
  });
  afterAll(() => t.close());

  /**
   * One run of the jobs after the clock moved. A tick the timer started before the move may be
   * running: the second call then runs one of its own.
   */
  const runJobs = async () => {
    await t.shop.jobs.tick();
    await t.shop.jobs.tick();
  };
  /** Another app server of this shop that beats once, then dies (kill -9: nothing handed back). */
  const serverThatDies = async (): Promise<AppServer> => {
    const server = appServer(t.shop.db, clock);
    await server.beat();
    return server;
  };
  const lockFor = (orderId: number, holder: string) =>
    orderPayRepo(t.shop.db).lockPayment(orderId, Date.now(), ORDER_PAYMENT_LOCK_MS, holder);
  const stockOf = async () => (await t.shop.catalog.productBySlug('classic-hoodie'))!.stock!;
  const order = async (id: number) => (await t.shop.orders.find(id))!;
  const atProcessor = (intentId: string, status: string) =>
    t.shop.db
      .withTables<TestProcessorTables>()
      .updateTable('tp_payment_intents')
      .set({ status, next_action_json: null })
      .where('id', '=', intentId)
      .execute();
  /** A shopper left on a challenge, every webhook of it delivered: the order waits, pending. */
  const waitingOrder = async () => {
    const o = await walkedAwayFromChallenge(t);
    await t.app.testProcessor!.deliverPending();
    return o;
  };

  it('a webhook whose first delivery died between recording and settling still pays the order, while a dead server’s lock holds it', async () => {
    const o = await waitingOrder();
    const dead = await serverThatDies();
    expect(await lockFor(o.orderId, dead.startAttempt())).not.toBeNull();
    await atProcessor(o.intentId, 'succeeded');
    const event = {
      id: `evt_cut_off_${kind}`,
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: o.intentId, object: 'payment_intent' } },
    };
    // The first delivery got as far as recording the event when its server died.
    await t.shop.db
      .insertInto('payment_events')
      .values({ id: event.id, type: event.type, received_at: new Date().toISOString() })
      .execute();
    const payload = JSON.stringify(event);
    const redelivery = await fetch(`${t.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
          payload,
          secret: t.shop.payments.webhookSecret,
        }),
      },
      body: payload,
    });
    expect(redelivery.status).toBe(200);
    expect(await order(o.orderId)).toMatchObject({
      status: 'processing',
      transactionId: o.intentId,
    });
  });

  it('pays an order whose intent took the money, its webhook lost, within one run of the paid-intents job: long before the hold time', async () => {
    const o = await waitingOrder();
    await atProcessor(o.intentId, 'succeeded');
    later(PAID_INTENTS_SWEEP_MS);
    await runJobs();
    expect(await order(o.orderId)).toMatchObject({
      status: 'processing',
      transactionId: o.intentId,
    });
    expect((await t.shop.cart.read(o.sessionId)).totals.lines).toHaveLength(0);
  });

  it('frees a dead server’s checkout claims once its heartbeat has run out, within a tick; a live server’s stay', async () => {
    const carts = cartRepo(t.shop.db);
    const dead = await serverThatDies();
    const live = appServer(t.shop.db, clock);
    await live.beat();
    const died = await shopperWithCart(t);
    const running = await shopperWithCart(t);
    const diedAt = now;
    await carts.claimCheckout(
      died.sessionId,
      dead.startAttempt(),
      clock(),
      CHECKOUT_CLAIM_STALE_MS,
    );
    await carts.claimCheckout(
      running.sessionId,
      live.startAttempt(),
      clock(),
      CHECKOUT_CLAIM_STALE_MS,
    );
    let freedAfter: number | undefined;
    while (freedAfter === undefined && now - diedAt < 2 * APP_SERVER_GONE_AFTER_MS) {
      later(JOBS_TICK_MS);
      await live.beat();
      await runJobs();
      if ((await carts.checkoutHolder(died.sessionId)) === null) freedAfter = now - diedAt;
    }
    expect(freedAfter).toBeGreaterThanOrEqual(APP_SERVER_GONE_AFTER_MS);
    expect(freedAfter).toBeLessThanOrEqual(APP_SERVER_GONE_AFTER_MS + CUT_OFF_ATTEMPTS_SWEEP_MS);
    expect(await carts.checkoutHolder(running.sessionId)).not.toBeNull();
    await live.stop();
  });

  it('releases an order whose attempt died before any payment: cancelled, its stock back once; a live attempt’s order stays', async () => {
    const stockBefore = await stockOf();
    const cutOff = await pendingOrderOf(t, await shopperWithCart(t));
    const dead = await serverThatDies();
    await lockFor(cutOff.id, dead.startAttempt());
    const live = appServer(t.shop.db, clock);
    await live.beat();
    const running = await pendingOrderOf(t, await shopperWithCart(t));
    await lockFor(running.id, live.startAttempt());
    expect(await stockOf()).toBe(stockBefore - 2);

    later(APP_SERVER_GONE_AFTER_MS - JOBS_TICK_MS);
    await live.beat();
    await runJobs();
    expect((await order(cutOff.id)).status).toBe('pending');

    later(JOBS_TICK_MS + CUT_OFF_ATTEMPTS_SWEEP_MS);
    await live.beat();
    // Every app server's recovery at once, as well as the job: the stock comes back once.
    const deps = {
      db: t.shop.db,
      orders: t.shop.orders,
      stripe: t.shop.payments.stripe,
      server: t.shop.server,
      log: t.shop.log,
    };
    await Promise.all([
      runJobs(),
      recoverCutOffAttempts(deps, clock()),
      recoverCutOffAttempts(deps, clock()),
    ]);
    await runJobs();
    expect((await order(cutOff.id)).status).toBe('cancelled');
    expect(await holdStockRepo(t.shop.db).notes(cutOff.id)).toEqual([messages.unpaidOrderCutOff]);
    expect((await order(running.id)).status).toBe('pending');
    expect(await stockOf()).toBe(stockBefore - 1);
    await t.shop.orders.cancelUnpaid(running.id);
    await live.stop();
  });

  it('an intent a dead attempt made but never confirmed is cancelled and its order released', async () => {
    const stockBefore = await stockOf();
    const cutOff = await pendingOrderOf(t, await shopperWithCart(t));
    const dead = await serverThatDies();
    await lockFor(cutOff.id, dead.startAttempt());
    const pm = await createTestPaymentMethod(t.url, '4242424242424242');
    const intent = await t.shop.payments.stripe.paymentIntents.create({
      ...orderIntentParams(cutOff, 'card'),
      payment_method: pm.id!,
    });
    await t.shop.orders.setPaymentIntent(cutOff.id, intent.id);
    later(APP_SERVER_GONE_AFTER_MS + CUT_OFF_ATTEMPTS_SWEEP_MS);
    await runJobs();
    expect((await order(cutOff.id)).status).toBe('cancelled');
    expect((await t.shop.payments.stripe.paymentIntents.retrieve(intent.id)).status).toBe(
      'canceled',
    );
    expect(await stockOf()).toBe(stockBefore);
  });

  it('pays the order of a dead attempt whose intent took the money, once its server is gone', async () => {
    const o = await waitingOrder();
    const dead = await serverThatDies();
    await lockFor(o.orderId, dead.startAttempt());
    await atProcessor(o.intentId, 'succeeded');
    later(APP_SERVER_GONE_AFTER_MS + CUT_OFF_ATTEMPTS_SWEEP_MS);
    await runJobs();
    expect(await order(o.orderId)).toMatchObject({
      status: 'processing',
      transactionId: o.intentId,
    });
    // Its lock is free again.
    expect(await orderPayRepo(t.shop.db).paymentLockHolder(o.orderId, Date.now())).toBeNull();
  });
});

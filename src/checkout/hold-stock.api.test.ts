import type { TestProcessorTables } from '@shop/test-processor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingOrderOf, shopperWithCart } from '../testing/shopper.fixture.ts';
import { HOLD_STOCK_SWEEP_BATCH, HOLD_STOCK_SWEEP_MS } from '../platform/constants/index.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { jobLeasesRepo } from '../platform/jobs/job-leases.repo.ts';
import { ShopperClient } from '../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { cancelUnpaidOrders } from './hold-stock.ts';
import { holdStockRepo } from './hold-stock.repo.ts';
import { postCheckout, walkedAwayFromChallenge } from './three-d-secure.fixture.ts';

describe.each(databaseKinds)('unpaid orders hold stock for a time on %s', (kind) => {
  let t: TestShop;
  /** The shop's clock: the tests move it instead of waiting. */
  let now = Date.now();
  const later = (minutes: number) => {
    now += minutes * 60_000;
  };

  beforeAll(async () => {
    now = Date.now();
    t = await startTestShop(kind, { clock: () => new Date(now) });
    // The hoodie's stock is tracked here, so what the job gives back can be counted.
    await t.shop.db
      .updateTable('products')
      .set({ stock: 100 })
      .where('slug', '=', 'classic-hoodie')
      .execute();
  });
  afterAll(() => t.close());

  const stockOf = async (slug: string) => (await t.shop.catalog.productBySlug(slug))!.stock;
  const order = async (id: number) => (await t.shop.orders.find(id))!;
  /** The processor's own record of the intent: what it would answer, whatever the shop was told. */
  const atProcessor = (intentId: string, status: string) =>
    t.shop.db
      .withTables<TestProcessorTables>()
      .updateTable('tp_payment_intents')
      .set({ status, next_action_json: null })
      .where('id', '=', intentId)
      .execute();
  const processorStatus = async (intentId: string) =>
    (await t.shop.payments.stripe.paymentIntents.retrieve(intentId)).status;

  it('cancels a walked-away 3D Secure order of the Desk Lamp after the hold time; the lamp can be bought again', async () => {
    const walkedAway = await walkedAwayFromChallenge(t, 'desk-lamp');
    expect(await stockOf('desk-lamp')).toBe(0);
    const lamp = (await t.shop.catalog.productBySlug('desk-lamp'))!;
    const refused = await new ShopperClient(t.url, {
      'sec-fetch-site': 'same-origin',
    }).postForm('/?wc-ajax=add_to_cart', { product_id: String(lamp.id), quantity: '1' });
    expect(refused.status).toBeGreaterThanOrEqual(400);

    later(59);
    await t.shop.jobs.tick();
    expect((await order(walkedAway.orderId)).status).toBe('pending');
    expect(await stockOf('desk-lamp')).toBe(0);

    later(2);
    await t.shop.jobs.tick();
    expect((await order(walkedAway.orderId)).status).toBe('cancelled');
    expect(await holdStockRepo(t.shop.db).notes(walkedAway.orderId)).toEqual([
      'Unpaid order cancelled - time limit reached.',
    ]);
    expect(await stockOf('desk-lamp')).toBe(1);
    // The abandoned intent is cancelled too: a late authentication cannot take money.
    expect(await processorStatus(walkedAway.intentId)).toBe('canceled');

    const next = await shopperWithCart(t, 'desk-lamp');
    const bought = await postCheckout(t, next, null);
    expect(bought.body.result, JSON.stringify(bought.body)).toBe('success');
    expect(await stockOf('desk-lamp')).toBe(0);
  });

  it('pays, not cancels, an order whose intent succeeded meanwhile (its webhook lost)', async () => {
    const stockBefore = await stockOf('classic-hoodie');
    const o = await walkedAwayFromChallenge(t);
    await atProcessor(o.intentId, 'succeeded');
    later(61);
    await t.shop.jobs.tick();
    expect(await order(o.orderId)).toMatchObject({
      status: 'processing',
      transactionId: o.intentId,
    });
    expect(await stockOf('classic-hoodie')).toBe(stockBefore! - 1);
    expect((await t.shop.cart.read(o.sessionId)).totals.lines).toHaveLength(0);
  });

  it('leaves alone an order whose payment is processing at the processor', async () => {
    const stockBefore = await stockOf('classic-hoodie');
    const o = await walkedAwayFromChallenge(t);
    await atProcessor(o.intentId, 'processing');
    later(61);
    await t.shop.jobs.tick();
    expect((await order(o.orderId)).status).not.toBe('cancelled');
    expect(await stockOf('classic-hoodie')).toBe(stockBefore! - 1);
    expect(await processorStatus(o.intentId)).toBe('processing');
  });

  it('two app servers sweeping at once cancel the order and give its stock back once', async () => {
    const stockBefore = await stockOf('classic-hoodie');
    const o = await walkedAwayFromChallenge(t);
    later(61);
    const deps = {
      db: t.shop.db,
      orders: t.shop.orders,
      stripe: t.shop.payments.stripe,
      settings: t.shop.settings,
      log: t.shop.log,
    };
    const counts = await Promise.all([1, 2, 3].map(() => cancelUnpaidOrders(deps, new Date(now))));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect((await order(o.orderId)).status).toBe('cancelled');
    expect(await stockOf('classic-hoodie')).toBe(stockBefore);
    expect(await holdStockRepo(t.shop.db).notes(o.orderId)).toHaveLength(1);
  });

  it('runs a job on one app server at a time: its lease is taken by one conditional upsert', async () => {
    const leases = jobLeasesRepo(t.shop.db);
    const at = new Date(now);
    const taken = await Promise.all(
      ['a', 'b', 'c'].map((server) => leases.take('job:test', server, at, HOLD_STOCK_SWEEP_MS)),
    );
    expect(taken.filter(Boolean)).toHaveLength(1);
    const holder = ['a', 'b', 'c'][taken.indexOf(true)]!;
    expect(await leases.take('job:test', holder, at, HOLD_STOCK_SWEEP_MS)).toBe(true);
    const expired = new Date(now + HOLD_STOCK_SWEEP_MS);
    expect(await leases.take('job:test', 'd', expired, HOLD_STOCK_SWEEP_MS)).toBe(true);
    expect(await leases.take('job:test', holder, expired, HOLD_STOCK_SWEEP_MS)).toBe(false);
  });

  it('keeps stock held with no time limit when the setting is empty', async () => {
    await t.shop.db
      .updateTable('settings')
      .set({ value: '' })
      .where('name', '=', 'woocommerce_hold_stock_minutes')
      .execute();
    await t.shop.settings.set('holdStockMinutes', 0);
    try {
      const o = await walkedAwayFromChallenge(t);
      later(24 * 60);
      await t.shop.jobs.tick();
      expect((await order(o.orderId)).status).toBe('pending');
    } finally {
      await t.shop.settings.set('holdStockMinutes', 60);
    }
  });

  it('orders it must leave alone never hold up the overdue ones behind them', async () => {
    const shopper = await shopperWithCart(t);
    const stuck: number[] = [];
    for (let i = 0; i < HOLD_STOCK_SWEEP_BATCH; i++) {
      const order = await pendingOrderOf(t, shopper);
      // An intent the processor cannot tell about: the job leaves the order alone.
      await t.shop.db
        .updateTable('orders')
        .set({ payment_intent_id: `pi_unknown${i}` })
        .where('id', '=', order.id)
        .execute();
      stuck.push(order.id);
    }
    try {
      const o = await walkedAwayFromChallenge(t);
      later(61);
      await t.shop.jobs.tick();
      expect((await order(o.orderId)).status).toBe('cancelled');
      expect((await order(stuck[0]!)).status).toBe('pending');
    } finally {
      await t.shop.db
        .updateTable('orders')
        .set({ status: 'failed' })
        .where('id', 'in', stuck)
        .execute();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingOrderOf, shopperWithCart } from '../testing/shopper.fixture.ts';
import { ORDER_PAYMENT_LOCK_MS } from '../platform/constants/index.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { messages } from '../platform/messages/index.ts';
import type { RateVerdict } from '../platform/rate-limit/rate-limit.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { completeBillingForm } from './billing.fixture.ts';
import { payForOrder, placeOrder } from './operations.ts';
import { orderPayRepo } from './order-pay.repo.ts';
import { standingNotice } from './order-pay-rules.ts';
import { orderReceivedUrl } from './payment-steps.ts';
import { checkoutForm, type PlaceOrderInput } from './schemas.ts';

/** The checkout's typed input, as the form schema makes it from a complete billing form. */
const input = (changes: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({
  ...checkoutForm.parse({ ...completeBillingForm, payment_method: 'cod' }),
  ...changes,
});
/** Who checks out: a session, an address and the shop's origin (no request behind it). */
const visitor = (sessionId: string) => ({
  sessionId,
  ip: '203.0.113.7',
  origin: 'http://shop.test',
});

describe.each(databaseKinds)('checkout operations on %s, called without HTTP', (kind) => {
  let t: TestShop;
  beforeAll(async () => {
    t = await startTestShop(kind);
  });
  afterAll(() => t.close());

  it('places an order paid on delivery and says where to go next; the cart is emptied', async () => {
    const shopper = await shopperWithCart(t);
    const result = await placeOrder(t.shop.checkoutDeps, input(), visitor(shopper.sessionId));
    expect(result.result, JSON.stringify(result)).toBe('success');
    if (result.result !== 'success') return;
    expect(result.order.status).toBe('processing');
    expect(result.redirect).toBe(orderReceivedUrl(result.order));
    expect((await t.shop.cart.read(shopper.sessionId)).totals.lines).toHaveLength(0);
  });

  it('refuses an order without the terms, with the seed text and no reason kind', async () => {
    const shopper = await shopperWithCart(t);
    const result = await placeOrder(
      t.shop.checkoutDeps,
      input({ termsAccepted: false }),
      visitor(shopper.sessionId),
    );
    expect(result).toEqual({
      result: 'failure',
      messages: [messages.termsRequired],
      fieldErrors: [],
    });
  });

  it('refuses a card payment over the card-testing limit as rate_limited, with its wait', async () => {
    const shopper = await shopperWithCart(t);
    const over = async (): Promise<RateVerdict> => ({ allowed: false, retryAfterMs: 42_000 });
    const card = { methodId: 'stripe', paymentMethodId: 'pm_card_visa', blikCode: '' };
    const result = await placeOrder(
      { ...t.shop.checkoutDeps, paymentAttempts: { attempt: over } },
      input({ payment: card }),
      visitor(shopper.sessionId),
    );
    expect(result).toEqual({
      result: 'failure',
      messages: [messages.intentRateLimited],
      fieldErrors: [],
      reason: { kind: 'rate_limited', retryAfterMs: 42_000 },
    });
  });

  it('pays for an existing order on delivery, and refuses one another attempt is paying', async () => {
    const shopper = await shopperWithCart(t);
    const cod = { methodId: 'cod', paymentMethodId: '', blikCode: '' };
    const pay = visitor(shopper.sessionId);
    const locked = await pendingOrderOf(t, shopper);
    const holder = t.shop.server.startAttempt();
    const repo = orderPayRepo(t.shop.db);
    await repo.lockPayment(locked.id, Date.now(), ORDER_PAYMENT_LOCK_MS, holder);
    const refused = await payForOrder(
      t.shop.checkoutDeps,
      locked,
      { payment: cod, termsAccepted: true },
      pay,
    );
    expect(refused).toMatchObject({
      result: 'failure',
      messages: [messages.orderPaymentInProgress],
      reason: { kind: 'payment_in_progress' },
    });
    t.shop.server.finish(holder);

    const order = await pendingOrderOf(t, shopper);
    const paid = await payForOrder(
      t.shop.checkoutDeps,
      order,
      { payment: cod, termsAccepted: true },
      pay,
    );
    expect(paid).toMatchObject({ result: 'success', redirect: orderReceivedUrl(order) });
  });

  it('sends a paid order to its thank-you page without taking a payment', async () => {
    const shopper = await shopperWithCart(t);
    const order = await pendingOrderOf(t, shopper);
    await t.shop.orders.markPaid(order.id, 'ch_direct_test');
    const paid = (await t.shop.orders.find(order.id))!;
    const noPayment = async (): Promise<RateVerdict> => {
      throw new Error('a paid order took a payment attempt');
    };
    const card = { methodId: 'stripe', paymentMethodId: 'pm_card_visa', blikCode: '' };
    const result = await payForOrder(
      { ...t.shop.checkoutDeps, paymentAttempts: { attempt: noPayment } },
      paid,
      { payment: card, termsAccepted: true },
      visitor(shopper.sessionId),
    );
    expect(result).toEqual({ result: 'success', redirect: orderReceivedUrl(paid), order: paid });
  });

  it('refuses a cancelled order with its standing, and an order without the terms', async () => {
    const shopper = await shopperWithCart(t);
    const cod = { methodId: 'cod', paymentMethodId: '', blikCode: '' };
    const cancelled = await pendingOrderOf(t, shopper);
    await t.shop.orders.cancelUnpaid(cancelled.id);
    const gone = (await t.shop.orders.find(cancelled.id))!;
    expect(
      await payForOrder(
        t.shop.checkoutDeps,
        gone,
        { payment: cod, termsAccepted: true },
        visitor(shopper.sessionId),
      ),
    ).toEqual({
      result: 'failure',
      messages: [standingNotice(gone)],
      fieldErrors: [],
      order: gone,
    });

    const order = await pendingOrderOf(t, shopper);
    expect(
      await payForOrder(
        t.shop.checkoutDeps,
        order,
        { payment: cod, termsAccepted: false },
        visitor(shopper.sessionId),
      ),
    ).toEqual({
      result: 'failure',
      messages: [messages.termsRequired],
      fieldErrors: [],
      order,
    });
  });

  it('refuses a card payment for an order over the card-testing limit as rate_limited', async () => {
    const shopper = await shopperWithCart(t);
    const order = await pendingOrderOf(t, shopper);
    const over = async (): Promise<RateVerdict> => ({ allowed: false, retryAfterMs: 7_000 });
    const card = { methodId: 'stripe', paymentMethodId: 'pm_card_visa', blikCode: '' };
    const result = await payForOrder(
      { ...t.shop.checkoutDeps, paymentAttempts: { attempt: over } },
      order,
      { payment: card, termsAccepted: true },
      visitor(shopper.sessionId),
    );
    expect(result).toMatchObject({
      result: 'failure',
      messages: [messages.intentRateLimited],
      reason: { kind: 'rate_limited', retryAfterMs: 7_000 },
      order,
    });
    expect((await t.shop.orders.find(order.id))!.status).toBe('pending');
  });
});

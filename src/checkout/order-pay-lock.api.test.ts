import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  attemptWindows,
  holdStockUntilPaid,
  intentsFor,
  pendingOrderOf,
  shopperWithCart,
  type Shopper,
} from '../testing/shopper.fixture.ts';
import { createTestPaymentMethod } from '@shop/test-processor/testing';
import { ORDER_PAYMENT_LOCK_MS } from '../platform/constants/index.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { messages } from '../platform/messages/index.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { ORDER_PAY_NONCE } from './nonces.ts';
import type { Order } from './order.ts';
import { orderPayRepo } from './order-pay.repo.ts';
import { orderPayUrl, orderReceivedUrl } from './payment-steps.ts';

/** React escapes quotes in text; compare page text with the message as it is written. */
const html = (text: string) => text.replace(/'/g, '&#x27;').replace(/"/g, '&quot;');

describe.each(databaseKinds)('one payment at a time per order on %s', (kind) => {
  let t: TestShop;

  const windows = attemptWindows();

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true, clock: windows.clock });
    await holdStockUntilPaid(t);
  });
  afterAll(() => t.close());
  // Many attempts from one address: the card-testing limit has tests of its own.
  beforeEach(() => windows.next());

  const card = async (number = '4242424242424242') => {
    const pm = await createTestPaymentMethod(t.url, number);
    expect(pm.id).toMatch(/^pm_/);
    return pm.id!;
  };

  /** The order-pay form posted from one tab of the shopper's browser. */
  const submit = (shopper: Shopper, order: Order, fields: Record<string, string>) =>
    shopper.client.postForm(orderPayUrl(order), {
      'woocommerce-pay-nonce': shopper.nonce(ORDER_PAY_NONCE),
      woocommerce_pay: '1',
      'terms-field': '1',
      terms: 'on',
      ...fields,
    });

  const byCard = async (number?: string) => ({
    payment_method: 'stripe',
    'wc-stripe-payment-method': await card(number),
  });

  const lockOf = async (orderId: number) =>
    (
      await t.shop.db
        .selectFrom('orders')
        .select('payment_locked_until')
        .where('id', '=', orderId)
        .executeTakeFirstOrThrow()
    ).payment_locked_until;

  /** Each answer of a race: paid (to the thank-you page), or refused with the lock's text. */
  function expectPaidOrLocked(answers: { status: number; headers: Headers; text: string }[]) {
    for (const answer of answers) {
      if (answer.status === 303) continue;
      expect(answer.status).toBe(409);
      expect(answer.text).toContain(html(messages.orderPaymentInProgress));
    }
    return answers.filter((a) => a.status === 409).length;
  }

  it('charges once when two tabs pay one order at once with different cards', async () => {
    let refusedByLock = 0;
    for (let round = 0; round < 4; round++) {
      const shopper = await shopperWithCart(t);
      const order = await pendingOrderOf(t, shopper);
      // Two payment methods made from the same card: two idempotency keys.
      const [first, second] = [await byCard(), await byCard()];
      expect(first['wc-stripe-payment-method']).not.toBe(second['wc-stripe-payment-method']);
      const answers = await Promise.all([
        submit(shopper, order, first),
        submit(shopper, order, second),
      ]);
      refusedByLock += expectPaidOrLocked(answers);
      expect(answers.some((a) => a.headers.get('location') === orderReceivedUrl(order))).toBe(true);
      expect(await intentsFor(t, order.id), `round ${round}`).toEqual({ all: 1, charged: 1 });
      expect((await t.shop.orders.find(order.id))!.status).toBe('processing');
      expect(await lockOf(order.id)).toBeNull();
    }
    // Submitted at the same moment, the second finds the first's lock (not only a paid order).
    expect(refusedByLock).toBeGreaterThan(0);
  });

  it('never both charges a card and accepts cash on delivery for one order', async () => {
    for (let round = 0; round < 3; round++) {
      const shopper = await shopperWithCart(t);
      const order = await pendingOrderOf(t, shopper);
      const answers = await Promise.all([
        submit(shopper, order, await byCard()),
        submit(shopper, order, { payment_method: 'cod' }),
      ]);
      expectPaidOrLocked(answers);
      const paid = (await t.shop.orders.find(order.id))!;
      const intents = await intentsFor(t, order.id);
      expect(paid.status).toBe('processing');
      if (paid.paymentMethod === 'cod') expect(intents).toEqual({ all: 0, charged: 0 });
      else {
        expect(paid.paymentMethod).toBe('stripe');
        expect(intents).toEqual({ all: 1, charged: 1 });
        expect(paid.transactionId).toMatch(/^pi_/);
      }
    }
  });

  it('refuses a payment while another attempt holds the order, changes and charges nothing, and pays once it is released', async () => {
    const shopper = await shopperWithCart(t);
    const order = await pendingOrderOf(t, shopper);
    const repo = orderPayRepo(t.shop.db);
    const token = await repo.lockPayment(order.id, Date.now(), ORDER_PAYMENT_LOCK_MS);
    expect(token).not.toBeNull();

    const refused = await submit(shopper, order, await byCard());
    expect(refused.status).toBe(409);
    expect(refused.text).toContain(html(messages.orderPaymentInProgress));
    expect(refused.text).toContain('>Pay for order</button>');
    const cod = await submit(shopper, order, { payment_method: 'cod' });
    expect(cod.status).toBe(409);
    expect(await intentsFor(t, order.id)).toEqual({ all: 0, charged: 0 });
    expect(await t.shop.orders.find(order.id)).toMatchObject({
      status: 'pending',
      paymentMethod: 'stripe',
    });
    expect(await lockOf(order.id)).toBe(token);

    await repo.unlockPayment(order.id, token!);
    const paid = await submit(shopper, order, await byCard());
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(orderReceivedUrl(order));
    expect(await intentsFor(t, order.id)).toEqual({ all: 1, charged: 1 });
    expect(await lockOf(order.id)).toBeNull();
  });

  it('takes over a lock that ran out (a crashed attempt), and releases the lock after a decline', async () => {
    const shopper = await shopperWithCart(t);
    const order = await pendingOrderOf(t, shopper);
    const repo = orderPayRepo(t.shop.db);
    // Taken six minutes ago for five: it has run out.
    expect(
      await repo.lockPayment(
        order.id,
        Date.now() - ORDER_PAYMENT_LOCK_MS - 60_000,
        ORDER_PAYMENT_LOCK_MS,
      ),
    ).not.toBeNull();
    const declined = await submit(shopper, order, await byCard('4000000000000002'));
    expect(declined.status).toBe(200);
    expect(declined.text).toContain(messages.cardErrors.card_declined);
    expect(await lockOf(order.id)).toBeNull();
    const paid = await submit(shopper, order, await byCard());
    expect(paid.headers.get('location')).toBe(orderReceivedUrl(order));
    expect(await intentsFor(t, order.id)).toEqual({ all: 2, charged: 1 });
  });

  it('gives the lock to exactly one of many racing takers, and only its holder releases it', async () => {
    const shopper = await shopperWithCart(t);
    const order = await pendingOrderOf(t, shopper);
    const now = Date.now();
    // Separate repositories, as separate app servers would hold.
    const tokens = await Promise.all(
      Array.from({ length: 12 }, () =>
        orderPayRepo(t.shop.db).lockPayment(order.id, now, ORDER_PAYMENT_LOCK_MS),
      ),
    );
    const held = tokens.filter((token) => token !== null);
    expect(held).toEqual([new Date(now + ORDER_PAYMENT_LOCK_MS).toISOString()]);
    const repo = orderPayRepo(t.shop.db);
    await repo.unlockPayment(order.id, new Date(now).toISOString());
    expect(await repo.lockPayment(order.id, now + 1000, ORDER_PAYMENT_LOCK_MS)).toBeNull();
    await repo.unlockPayment(order.id, held[0]!);
    expect(await repo.lockPayment(order.id, now + 1000, ORDER_PAYMENT_LOCK_MS)).not.toBeNull();
  });
});

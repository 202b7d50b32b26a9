import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeChallenge, walkedAwayFromChallenge } from '../checkout/three-d-secure.fixture.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { addressFromForm } from '../platform/address/address.ts';
import { completeBillingForm } from '../checkout/billing.fixture.ts';
import { draftOrder } from '../checkout/order.ts';
import { shopperWithCart, type Shopper } from '../testing/shopper.fixture.ts';
import { STRIPE_NONCES } from './nonces.ts';
import { orderIntentParams } from './order-payment.ts';
import { createTestPaymentMethod } from '@shop/test-processor/testing';

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

  /** A paid intent for an unpaid order that a logged-in customer placed from their session. */
  async function customersOrderWithPaidIntent(customerId: number) {
    const placer = await shopperWithCart(t);
    const view = await t.shop.cart.read(placer.sessionId);
    const order = await t.shop.orders.create(
      draftOrder(
        view.totals,
        {
          billing: addressFromForm(completeBillingForm, 'billing'),
          shippingAddress: null,
          paymentMethod: 'stripe',
          paymentMethodTitle: 'Credit / Debit Card',
          customerNote: '',
        },
        view.money.currency,
      ),
      placer.sessionId,
      'pending',
      customerId,
    );
    const pm = await createTestPaymentMethod(t.url, '4242424242424242');
    const intent = await t.shop.payments.stripe.paymentIntents.create({
      ...orderIntentParams(order, 'card'),
      payment_method: pm.id!,
      confirm: true,
    });
    await t.shop.orders.setPaymentIntent(order.id, intent.id);
    return { order, intentId: intent.id };
  }

  async function loggedInAs(customerId: number): Promise<Shopper> {
    const shopper = await shopperWithCart(t);
    await t.shop.db
      .updateTable('sessions')
      .set({ customer_id: customerId })
      .where('id', '=', shopper.sessionId)
      .execute();
    return shopper;
  }

  it('a customer logged in on another device may update the status of their own order, no one else', async () => {
    const customer = (await t.shop.accounts.customers.findByEmail('customer@example.com'))!;
    const { order, intentId } = await customersOrderWithPaidIntent(customer.id);
    const stranger = await t.shop.accounts.register({
      email: `someone-${kind}@example.com`,
      password: 'a long enough password',
      firstName: 'Some',
      lastName: 'One',
    });
    if ('error' in stranger) throw new Error(stranger.error);
    const call = (shopper: Shopper) =>
      shopper.client.postForm<StatusAnswer>('/?wc-ajax=wc_stripe_update_order_status', {
        _ajax_nonce: shopper.nonce(STRIPE_NONCES.updateOrderStatus),
        order_id: String(order.id),
        intent_id: intentId,
      });
    const other = await call(await loggedInAs(stranger.customer.id));
    expect(other.body.success).toBe(false);
    expect(other.text).not.toContain(order.key);
    const own = await call(await loggedInAs(customer.id));
    expect(own.body.success).toBe(true);
    expect(own.body.data?.return_url).toContain(`key=${order.key}`);
    expect((await t.shop.orders.find(order.id))!.status).toBe('processing');
  });
});

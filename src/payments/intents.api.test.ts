import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { messages } from '../platform/messages/index.ts';
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
import { confirmPayment } from './ui/local-stripe.ts';
import { TEST_PUBLISHABLE_KEY } from '@shop/test-processor/keys';
import type { TestProcessorTables } from '@shop/test-processor';

interface IntentAnswer {
  success: boolean;
  data?: { id?: string; client_secret?: string; error?: { message: string } };
  code?: string;
  message?: string;
  result?: string;
  messages?: string;
}

describe.each(databaseKinds)('the gateway’s intent calls on %s', (kind) => {
  let t: TestShop;

  const windows = attemptWindows();

  beforeAll(async () => {
    t = await startTestShop(kind, { clock: windows.clock });
    await holdStockUntilPaid(t);
  });
  afterAll(() => t.close());
  // The card-testing counters are the subject of their own tests (rate-limit.api.test.ts).
  beforeEach(() => windows.next());

  function createIntent(shopper: Shopper, fields: Record<string, string>) {
    return shopper.client.postForm<IntentAnswer>('/?wc-ajax=wc_stripe_create_payment_intent', {
      _ajax_nonce: shopper.nonce(STRIPE_NONCES.createPaymentIntent),
      ...fields,
    });
  }

  function updateIntent(shopper: Shopper, fields: Record<string, string>) {
    return shopper.client.postForm<IntentAnswer>('/?wc-ajax=wc_stripe_update_payment_intent', {
      _ajax_nonce: shopper.nonce(STRIPE_NONCES.updatePaymentIntent),
      ...fields,
    });
  }

  async function intentsOfOrder(orderId: number) {
    const rows = await t.shop.db
      .withTables<TestProcessorTables>()
      .selectFrom('tp_payment_intents')
      .selectAll()
      .execute();
    return rows.filter((row) => JSON.parse(row.metadata_json).order_id === String(orderId));
  }

  describe('wc_stripe_create_payment_intent', () => {
    it('makes one unconfirmed intent for the shopper’s order: its amount, currency and method', async () => {
      const shopper = await shopperWithCart(t);
      const order = await pendingOrderOf(t, shopper);
      const answer = await createIntent(shopper, {
        stripe_order_id: String(order.id),
        payment_method_type: 'card',
      });
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(true);
      const { id, client_secret } = answer.body.data!;
      expect(id).toMatch(/^pi_/);
      expect(client_secret).toMatch(new RegExp(`^${id}_secret_`));
      const intent = await t.shop.payments.stripe.paymentIntents.retrieve(id!);
      expect(intent).toMatchObject({
        amount: order.total,
        currency: 'usd',
        status: 'requires_payment_method',
        payment_method_types: ['card'],
        metadata: { order_id: String(order.id), order_key: order.key },
      });
      const after = (await t.shop.orders.find(order.id))!;
      expect(after).toMatchObject({ status: 'pending', paymentIntentId: id });
    });

    it('answers the same intent again, and to two calls racing, never a second one', async () => {
      const shopper = await shopperWithCart(t);
      const order = await pendingOrderOf(t, shopper);
      const fields = { stripe_order_id: String(order.id), payment_method_type: 'card' };
      const [first, second] = await Promise.all([
        createIntent(shopper, fields),
        createIntent(shopper, fields),
      ]);
      const third = await createIntent(shopper, fields);
      expect(first.body.data!.id).toMatch(/^pi_/);
      expect(second.body.data!.id).toBe(first.body.data!.id);
      expect(third.body.data!.id).toBe(first.body.data!.id);
      expect(third.body.data!.client_secret).toBe(first.body.data!.client_secret);
      expect(await intentsOfOrder(order.id)).toHaveLength(1);
    });

    it('changes the open intent’s method when the shopper picks another one offered in their country', async () => {
      const shopper = await shopperWithCart(t);
      const order = await pendingOrderOf(t, shopper);
      const card = await createIntent(shopper, { stripe_order_id: String(order.id) });
      const klarna = await createIntent(shopper, {
        stripe_order_id: String(order.id),
        payment_method_type: 'klarna',
      });
      expect(klarna.body.data!.id).toBe(card.body.data!.id);
      const intent = await t.shop.payments.stripe.paymentIntents.retrieve(card.body.data!.id!);
      expect(intent.payment_method_types).toEqual(['klarna']);

      const ideal = await createIntent(shopper, {
        stripe_order_id: String(order.id),
        payment_method_type: 'ideal',
      });
      expect(ideal.status).toBe(400);
      expect(ideal.body).toMatchObject({
        success: false,
        code: 'invalid_payment_method_type',
        message: messages.noPaymentMethod,
        data: { error: { message: messages.noPaymentMethod } },
      });
      const still = await t.shop.payments.stripe.paymentIntents.retrieve(card.body.data!.id!);
      expect(still.payment_method_types).toEqual(['klarna']);
    });

    it('is confirmed by the browser with its card and pays the order once', async () => {
      const shopper = await shopperWithCart(t);
      const order = await pendingOrderOf(t, shopper);
      const created = await createIntent(shopper, { stripe_order_id: String(order.id) });
      const method = await createTestPaymentMethod(t.url, '4242424242424242');
      const confirmed = await confirmPayment(
        TEST_PUBLISHABLE_KEY,
        { clientSecret: created.body.data!.client_secret!, paymentMethodId: method.id! },
        { baseUrl: t.url },
      );
      expect('paymentIntent' in confirmed && confirmed.paymentIntent.status).toBe('succeeded');
      const status = await shopper.client.postForm<{
        success: boolean;
        data: { return_url: string };
      }>('/?wc-ajax=wc_stripe_update_order_status', {
        _ajax_nonce: shopper.nonce(STRIPE_NONCES.updateOrderStatus),
        order_id: String(order.id),
        intent_id: created.body.data!.id!,
      });
      expect(status.body.success).toBe(true);
      expect(status.body.data.return_url).toContain(`/checkout/order-received/${order.id}/`);
      expect((await t.shop.orders.find(order.id))!.status).toBe('processing');

      const again = await createIntent(shopper, { stripe_order_id: String(order.id) });
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ success: false, code: 'order_not_payable' });
      expect(await intentsOfOrder(order.id)).toHaveLength(1);
    });

    it('refuses an order of someone else’s session unless the caller holds its key', async () => {
      const owner = await shopperWithCart(t);
      const order = await pendingOrderOf(t, owner);
      const stranger = await shopperWithCart(t);
      const refused = await createIntent(stranger, { stripe_order_id: String(order.id) });
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({
        success: false,
        code: 'order_not_found',
        message: messages.orderNotFound,
        data: { error: { message: messages.orderNotFound } },
      });
      const wrongKey = await createIntent(stranger, {
        stripe_order_id: String(order.id),
        order_key: `${order.key}x`,
      });
      expect(wrongKey.status).toBe(404);
      expect(await intentsOfOrder(order.id)).toHaveLength(0);
      expect((await t.shop.orders.find(order.id))!.paymentIntentId).toBeNull();

      const withKey = await createIntent(stranger, {
        stripe_order_id: String(order.id),
        order_key: order.key,
      });
      expect(withKey.status).toBe(200);
      expect(withKey.body.data!.id).toMatch(/^pi_/);
    });

    it('answers 4xx JSON to an unknown order, a bad id and a missing or foreign nonce', async () => {
      const shopper = await shopperWithCart(t);
      const before = await t.shop.db
        .withTables<TestProcessorTables>()
        .selectFrom('tp_payment_intents')
        .select('id')
        .execute();
      const unknown = await createIntent(shopper, { stripe_order_id: '999999' });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'order_not_found', success: false });
      const bad = await createIntent(shopper, { stripe_order_id: 'one' });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('invalid_request');
      const noNonce = await shopper.client.postForm<IntentAnswer>(
        '/?wc-ajax=wc_stripe_create_payment_intent',
        { stripe_order_id: '1' },
      );
      expect(noNonce.status).toBe(401);
      const otherAction = await shopper.client.postForm<IntentAnswer>(
        '/?wc-ajax=wc_stripe_create_payment_intent',
        { _ajax_nonce: shopper.nonce(STRIPE_NONCES.updateOrderStatus), stripe_order_id: '1' },
      );
      expect(otherAction.status).toBe(403);
      expect(otherAction.body.code).toBe('invalid_nonce');
      const after = await t.shop.db
        .withTables<TestProcessorTables>()
        .selectFrom('tp_payment_intents')
        .select('id')
        .execute();
      expect(after).toHaveLength(before.length);
    });
  });

  describe('wc_stripe_update_payment_intent', () => {
    it('sets the chosen method and saving for later on the order’s intent', async () => {
      const shopper = await shopperWithCart(t);
      const order = await pendingOrderOf(t, shopper);
      const created = await createIntent(shopper, { stripe_order_id: String(order.id) });
      const id = created.body.data!.id!;
      const answer = await updateIntent(shopper, {
        stripe_order_id: String(order.id),
        wc_payment_intent_id: id,
        save_payment_method: 'yes',
        selected_upe_payment_type: 'klarna',
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ success: true, result: 'success' });
      const intent = await t.shop.payments.stripe.paymentIntents.retrieve(id);
      expect(intent).toMatchObject({
        payment_method_types: ['klarna'],
        setup_future_usage: 'off_session',
        amount: order.total,
        metadata: { order_id: String(order.id), order_key: order.key },
      });
    });

    it('answers success and does nothing for a setup intent', async () => {
      const shopper = await shopperWithCart(t);
      const answer = await updateIntent(shopper, {
        stripe_order_id: '999999',
        wc_payment_intent_id: 'seti_123abc',
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ success: true, result: 'success' });
    });

    it('refuses another order’s intent and another session’s order with messages', async () => {
      const shopper = await shopperWithCart(t);
      const mine = await pendingOrderOf(t, shopper);
      const other = await pendingOrderOf(t, shopper);
      const theirs = await createIntent(shopper, { stripe_order_id: String(other.id) });
      const crossed = await updateIntent(shopper, {
        stripe_order_id: String(mine.id),
        wc_payment_intent_id: theirs.body.data!.id!,
        selected_upe_payment_type: 'klarna',
      });
      expect(crossed.status).toBe(404);
      expect(crossed.body).toMatchObject({
        success: false,
        result: 'failure',
        code: 'intent_not_found',
        data: { error: { message: messages.intentNotForOrder } },
      });
      expect(crossed.body.messages).toContain(messages.intentNotForOrder);
      expect(crossed.body.messages).toContain('woocommerce-error');
      const untouched = await t.shop.payments.stripe.paymentIntents.retrieve(theirs.body.data!.id!);
      expect(untouched.payment_method_types).toEqual(['card']);

      const stranger = await shopperWithCart(t);
      const foreign = await updateIntent(stranger, {
        stripe_order_id: String(other.id),
        wc_payment_intent_id: theirs.body.data!.id!,
      });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ result: 'failure', code: 'order_not_found' });

      const unknown = await updateIntent(shopper, {
        stripe_order_id: String(mine.id),
        wc_payment_intent_id: 'pi_doesnotexist',
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toMatchObject({ result: 'failure', code: 'intent_not_found' });
    });
  });

  describe('wc_stripe_init_setup_intent', () => {
    it('makes a setup intent at the processor for a reusable method type', async () => {
      const shopper = await shopperWithCart(t);
      const answer = await shopper.client.postForm<IntentAnswer>(
        '/?wc-ajax=wc_stripe_init_setup_intent',
        {
          _ajax_nonce: shopper.nonce(STRIPE_NONCES.initSetupIntent),
          payment_method_type: 'sepa_debit',
        },
      );
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(true);
      const { id, client_secret } = answer.body.data!;
      expect(id).toMatch(/^seti_/);
      expect(client_secret).toMatch(new RegExp(`^${id}_secret_`));
      const setup = await t.shop.payments.stripe.setupIntents.retrieve(id!);
      expect(setup).toMatchObject({
        status: 'requires_payment_method',
        payment_method_types: ['sepa_debit'],
        usage: 'off_session',
      });
    });

    it('refuses a type that cannot be saved, with the seed’s error shape', async () => {
      const shopper = await shopperWithCart(t);
      const before = await t.shop.db
        .withTables<TestProcessorTables>()
        .selectFrom('tp_setup_intents')
        .select('id')
        .execute();
      const answer = await shopper.client.postForm<IntentAnswer>(
        '/?wc-ajax=wc_stripe_init_setup_intent',
        { _ajax_nonce: shopper.nonce(STRIPE_NONCES.initSetupIntent), payment_method_type: 'oxxo' },
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        success: false,
        code: 'invalid_payment_method_type',
        data: { error: { message: messages.noPaymentMethod } },
      });
      const after = await t.shop.db
        .withTables<TestProcessorTables>()
        .selectFrom('tp_setup_intents')
        .select('id')
        .execute();
      expect(after).toHaveLength(before.length);
    });
  });

  describe('the si confirm marker’s status call', () => {
    it('pays a zero-total order once its setup intent has succeeded, and fails it when the setup failed', async () => {
      const stripe = t.shop.payments.stripe;
      for (const [number, expected] of [
        ['4242424242424242', 'processing'],
        ['4000000000000002', 'failed'],
      ] as const) {
        // A fresh cart each time: paying the first order empties its cart.
        const shopper = await shopperWithCart(t, 'sticker-pack');
        const order = await pendingOrderOf(t, shopper);
        expect(order.total).toBe(0);
        const method = await createTestPaymentMethod(t.url, number);
        const setup = await stripe.setupIntents.create({
          usage: 'off_session',
          metadata: { order_id: String(order.id), order_key: order.key },
        });
        await stripe.setupIntents
          .confirm(setup.id, { payment_method: method.id! })
          .catch(() => undefined);
        const answer = await shopper.client.postForm<{
          success: boolean;
          data: { return_url?: string; error?: { message: string } };
        }>('/?wc-ajax=wc_stripe_update_order_status', {
          _ajax_nonce: shopper.nonce(STRIPE_NONCES.updateOrderStatus),
          order_id: String(order.id),
          intent_id: setup.id,
        });
        expect((await t.shop.orders.find(order.id))!.status).toBe(expected);
        if (expected === 'processing') {
          expect(answer.body.success).toBe(true);
          expect(answer.body.data.return_url).toContain(`/checkout/order-received/${order.id}/`);
        } else {
          expect(answer.body).toEqual({
            success: false,
            data: { error: { message: messages.paymentFailed } },
          });
        }
      }
    });

    it('answers failure, not an error, for an intent the processor does not know', async () => {
      const shopper = await shopperWithCart(t);
      const answer = await shopper.client.postForm('/?wc-ajax=wc_stripe_update_order_status', {
        _ajax_nonce: shopper.nonce(STRIPE_NONCES.updateOrderStatus),
        order_id: '1',
        intent_id: 'seti_unknown',
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ success: false });
    });
  });
});

import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../testing/test-shop.ts';
import { createTestPaymentMethod } from './payment-method.fixture.ts';
import { TEST_PUBLISHABLE_KEY } from './test-processor.routes.ts';

describe('the built-in test processor through the official stripe SDK', () => {
  let t: TestShop;
  let stripe: Stripe;

  beforeAll(async () => {
    t = await startTestShop('sqlite');
    stripe = t.shop.payments.stripe;
  });
  afterAll(() => t.close());

  async function paymentMethod(number: string): Promise<string> {
    const created = await createTestPaymentMethod(t.url, number, {
      expMonth: '4',
      expYear: '2031',
      cvc: '314',
    });
    return created.id!;
  }

  it('creates and confirms a payment intent that succeeds', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 4500,
      currency: 'usd',
      payment_method: await paymentMethod('4242424242424242'),
      confirm: true,
    });
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 4500,
      currency: 'usd',
    });
    expect(intent.client_secret).toContain(`${intent.id}_secret_`);
    const method = await stripe.paymentMethods.retrieve(intent.payment_method as string);
    expect(method.card).toMatchObject({
      brand: 'visa',
      last4: '4242',
      exp_month: 4,
      exp_year: 2031,
    });
  });

  it('declines with a card_error the SDK raises as StripeCardError, and records last_payment_error', async () => {
    const error = await stripe.paymentIntents
      .create({
        amount: 1000,
        currency: 'usd',
        payment_method: await paymentMethod('4000000000009995'),
        confirm: true,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    const cardError = error as InstanceType<typeof Stripe.errors.StripeCardError>;
    expect(cardError).toMatchObject({
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      statusCode: 402,
    });
    const intentId = (cardError.payment_intent as { id: string }).id;
    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent.status).toBe('requires_payment_method');
    expect(intent.last_payment_error).toMatchObject({
      code: 'card_declined',
      decline_code: 'insufficient_funds',
    });
  });

  it('puts the authentication card into requires_action', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      payment_method: await paymentMethod('4000002500003155'),
      confirm: true,
    });
    expect(intent.status).toBe('requires_action');
  });

  it('answers a repeated idempotency key with the first result, and refuses it with other parameters', async () => {
    const pm = await paymentMethod('4242424242424242');
    const first = await stripe.paymentIntents.create(
      { amount: 2000, currency: 'usd', payment_method: pm, confirm: true },
      { idempotencyKey: 'order-1-a' },
    );
    const again = await stripe.paymentIntents.create(
      { amount: 2000, currency: 'usd', payment_method: pm, confirm: true },
      { idempotencyKey: 'order-1-a' },
    );
    expect(again.id).toBe(first.id);
    const changed = await stripe.paymentIntents
      .create(
        { amount: 2100, currency: 'usd', payment_method: pm, confirm: true },
        { idempotencyKey: 'order-1-a' },
      )
      .catch((e: unknown) => e);
    expect(changed).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('refuses a wrong secret key, and the publishable key for server calls', async () => {
    for (const key of ['sk_test_wrong', TEST_PUBLISHABLE_KEY]) {
      const response = await fetch(`${t.url}/test-processor/v1/payment_intents`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'amount=100&currency=usd',
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { type: 'authentication_error' } });
    }
  });

  it('stores no card number, only brand, last 4 and the test outcome', async () => {
    await paymentMethod('4000000000000127');
    const rows = await t.shop.db.selectFrom('tp_payment_methods').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain('4000000000000127');
    expect(JSON.stringify(rows)).not.toContain('314');
  });
});

import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './testing/test-database.ts';
import { TEST_PUBLISHABLE_KEY } from './keys.ts';
import { createTestPaymentMethod } from './testing/payment-method.fixture.ts';
import {
  browserCall,
  startTestProcessor,
  type ProcessorFixture,
} from './testing/processor.fixture.ts';

describe.each(databaseKinds)('the test processor through the official stripe SDK on %s', (kind) => {
  let t: ProcessorFixture;
  let stripe: Stripe;

  beforeAll(async () => {
    t = await startTestProcessor(kind);
    stripe = t.stripe;
  });
  afterAll(() => t.close());

  async function paymentMethod(number: string): Promise<string> {
    const created = await createTestPaymentMethod(t.url, number, {
      expMonth: '4',
      expYear: '2031',
      cvc: '314',
    });
    expect(created.status).toBe(200);
    return created.id!;
  }

  const pay = async (number: string, extra: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
    stripe.paymentIntents.create({
      amount: 4500,
      currency: 'usd',
      payment_method: await paymentMethod(number),
      confirm: true,
      ...extra,
    });

  const cardErrorOf = async (promise: Promise<unknown>) => {
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    return error as InstanceType<typeof Stripe.errors.StripeCardError>;
  };

  it('creates and confirms a payment intent that succeeds', async () => {
    const intent = await pay('4242424242424242');
    expect(intent).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 4500,
      amount_received: 4500,
      currency: 'usd',
      payment_method_types: ['card'],
      next_action: null,
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

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline'],
    ['4000000000009995', 'card_declined', 'insufficient_funds'],
    ['4000000000009987', 'card_declined', 'lost_card'],
    ['4000000000009979', 'card_declined', 'stolen_card'],
    ['4000000000000069', 'expired_card', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc'],
    ['4000000000000119', 'processing_error', 'processing_error'],
    ['4000000000000341', 'card_declined', 'generic_decline'],
  ])(
    'declines %s with %s / %s, back in requires_payment_method with last_payment_error',
    async (number, code, declineCode) => {
      const error = await cardErrorOf(pay(number));
      expect(error).toMatchObject({ code, decline_code: declineCode, statusCode: 402 });
      const intentId = (error.payment_intent as { id: string }).id;
      const intent = await stripe.paymentIntents.retrieve(intentId);
      expect(intent.status).toBe('requires_payment_method');
      expect(intent.payment_method).toBeNull();
      expect(intent.last_payment_error).toMatchObject({
        type: 'card_error',
        code,
        decline_code: declineCode,
        payment_method: { card: { last4: number.slice(-4) } },
      });
    },
  );

  it('refuses an incorrect number when the payment method is made', async () => {
    const created = await createTestPaymentMethod(t.url, '4242424242424241');
    expect(created).toMatchObject({
      status: 402,
      error: { type: 'card_error', code: 'incorrect_number' },
    });
  });

  it.each(['4000002500003155', '4000002760003184', '4000008260003178', '4000008400001629'])(
    'asks for 3D Secure with card %s',
    async (number) => {
      const intent = await pay(number, { return_url: 'https://shop.example/return' });
      expect(intent.status).toBe('requires_action');
      expect(intent.next_action?.type).toBe('redirect_to_url');
      expect(intent.next_action?.redirect_to_url).toEqual({
        url: `${t.url}/test-processor/challenge/${intent.id}?client_secret=${intent.client_secret}`,
        return_url: 'https://shop.example/return',
      });
    },
  );

  it('answers a repeated idempotency key with the first result, and refuses it with other parameters', async () => {
    const pm = await paymentMethod('4242424242424242');
    const first = await stripe.paymentIntents.create(
      { amount: 2000, currency: 'usd', payment_method: pm, confirm: true },
      { idempotencyKey: `order-1-${kind}` },
    );
    const again = await stripe.paymentIntents.create(
      { amount: 2000, currency: 'usd', payment_method: pm, confirm: true },
      { idempotencyKey: `order-1-${kind}` },
    );
    expect(again.id).toBe(first.id);
    const changed = await stripe.paymentIntents
      .create(
        { amount: 2100, currency: 'usd', payment_method: pm, confirm: true },
        { idempotencyKey: `order-1-${kind}` },
      )
      .catch((e: unknown) => e);
    expect(changed).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('answers two requests sent at once with one idempotency key with one intent', async () => {
    const pm = await paymentMethod('4242424242424242');
    const params = { amount: 3000, currency: 'usd', payment_method: pm, confirm: true };
    const [a, b] = await Promise.all([
      stripe.paymentIntents.create(params, { idempotencyKey: `together-${kind}` }),
      stripe.paymentIntents.create(params, { idempotencyKey: `together-${kind}` }),
    ]);
    expect(b.id).toBe(a.id);
    const made = await t.db
      .selectFrom('tp_payment_intents')
      .select('id')
      .where('amount', '=', 3000)
      .execute();
    expect(made).toHaveLength(1);
  });

  it('replays a decline for the same idempotency key without charging again', async () => {
    const pm = await paymentMethod('4000000000000002');
    const params = { amount: 2000, currency: 'usd', payment_method: pm, confirm: true };
    const first = await cardErrorOf(
      stripe.paymentIntents.create(params, { idempotencyKey: `d-${kind}` }),
    );
    const second = await cardErrorOf(
      stripe.paymentIntents.create(params, { idempotencyKey: `d-${kind}` }),
    );
    expect((second.payment_intent as { id: string }).id).toBe(
      (first.payment_intent as { id: string }).id,
    );
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

  it('lets the browser retrieve and confirm with the publishable key only with the right client secret', async () => {
    const intent = await stripe.paymentIntents.create({ amount: 1200, currency: 'usd' });
    const pm = await paymentMethod('4242424242424242');
    const wrong = await browserCall(t.url, `/payment_intents/${intent.id}/confirm`, {
      payment_method: pm,
      client_secret: `${intent.id}_secret_wrong`,
    });
    expect(wrong).toMatchObject({ status: 404, body: { error: { code: 'resource_missing' } } });
    const missing = await browserCall(t.url, `/payment_intents/${intent.id}`, null);
    expect(missing).toMatchObject({ status: 400, body: { error: { param: 'client_secret' } } });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe(
      'requires_payment_method',
    );

    const confirmed = await browserCall(t.url, `/payment_intents/${intent.id}/confirm`, {
      payment_method: pm,
      client_secret: intent.client_secret!,
    });
    expect(confirmed).toMatchObject({ status: 200, body: { status: 'succeeded' } });
    const read = await browserCall(
      t.url,
      `/payment_intents/${intent.id}?client_secret=${intent.client_secret}`,
      null,
    );
    expect(read).toMatchObject({ status: 200, body: { id: intent.id, status: 'succeeded' } });
  });

  it('updates an intent before it is paid, and refuses to change its amount afterwards', async () => {
    const intent = await stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      metadata: { order_id: '7', note: 'x' },
    });
    const pm = await paymentMethod('4242424242424242');
    const updated = await stripe.paymentIntents.update(intent.id, {
      amount: 1500,
      payment_method: pm,
      description: 'Order 7',
      metadata: { note: '', order_key: 'wc_order_abc' },
    });
    expect(updated).toMatchObject({
      amount: 1500,
      status: 'requires_confirmation',
      payment_method: pm,
      description: 'Order 7',
      metadata: { order_id: '7', order_key: 'wc_order_abc' },
    });
    expect(updated.metadata).not.toHaveProperty('note');
    const paid = await stripe.paymentIntents.confirm(intent.id);
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 1500 });
    const refused = await stripe.paymentIntents
      .update(intent.id, { amount: 2000 })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ code: 'payment_intent_unexpected_state', param: 'amount' });
    const tagged = await stripe.paymentIntents.update(intent.id, { metadata: { shipped: 'yes' } });
    expect(tagged.metadata).toMatchObject({ order_id: '7', shipped: 'yes' });
  });

  it('cancels an unpaid intent and refuses to cancel a paid one', async () => {
    const open = await stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    const canceled = await stripe.paymentIntents.cancel(open.id, {
      cancellation_reason: 'abandoned',
    });
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(canceled.canceled_at).toEqual(expect.any(Number));
    const paid = await pay('4242424242424242');
    const refused = await stripe.paymentIntents.cancel(paid.id).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('holds a manual-capture payment in requires_capture until captured', async () => {
    const held = await pay('4242424242424242', { capture_method: 'manual' });
    expect(held).toMatchObject({ status: 'requires_capture', amount_capturable: 4500 });
    const captured = await stripe.paymentIntents.capture(held.id, { amount_to_capture: 4000 });
    expect(captured).toMatchObject({
      status: 'succeeded',
      amount_capturable: 0,
      amount_received: 4000,
    });
    const again = await stripe.paymentIntents.capture(held.id).catch((e: unknown) => e);
    expect(again).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });

  it('answers bad input with Stripe-shaped 4xx errors, never a 500', async () => {
    const bad = [
      { amount: 'lots', currency: 'usd' },
      { amount: '10', currency: 'usd' },
      { amount: '1000' },
      { amount: '1000', currency: 'usd', payment_method_types: ['cheque'] },
      { amount: '1000', currency: 'usd', payment_method: 'pm_missing' },
      { amount: '1000', currency: 'usd', confirm: 'maybe' },
      { amount: '1000', currency: 'usd', capture_method: 'later' },
      { amount: '1000', currency: 'usd', return_url: 'javascript:alert(1)' },
      { amount: '1000', currency: 'usd', customer: 'cus_nobody' },
    ];
    for (const params of bad) {
      const error = await stripe.paymentIntents
        .create(params as unknown as Stripe.PaymentIntentCreateParams)
        .catch((e: unknown) => e);
      expect(error, JSON.stringify(params)).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect((error as { statusCode: number }).statusCode).toBeLessThan(500);
    }
    const json = await fetch(`${t.url}/test-processor/v1/payment_methods`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TEST_PUBLISHABLE_KEY}`,
        'content-type': 'application/json',
      },
      body: '{"type":"card"}',
    });
    expect(json.status).toBe(415);
    expect(await json.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    const unknown = await browserCall(t.url, '/payment_methods', { type: 'cheque' });
    expect(unknown).toMatchObject({ status: 400, body: { error: { param: 'type' } } });
    const missing = await stripe.paymentIntents.retrieve('pi_missing').catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('stores no card number or CVC, only brand, last 4, expiry and the test outcome', async () => {
    const id = await paymentMethod('4000000000000127');
    const row = await t.db
      .selectFrom('tp_payment_methods')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(Object.values(row)).not.toContain('314');
    expect(row).toMatchObject({ brand: 'visa', last4: '0127', exp_month: 4, exp_year: 2031 });
    const stored = JSON.stringify([
      await t.db.selectFrom('tp_payment_methods').selectAll().execute(),
      await t.db.selectFrom('tp_idempotency').selectAll().execute(),
      await t.db.selectFrom('tp_payment_intents').selectAll().execute(),
    ]);
    expect(stored.includes('4000000000000127'), 'a card number is stored').toBe(false);
    expect(/\b(cvc|number)\b\W*:/.test(stored), 'a card field is stored').toBe(false);
  });
});

describe('the limit on browser calls', () => {
  it('answers too many publishable-key calls with a Stripe-shaped 429, never the shop’s own calls', async () => {
    const t = await startTestProcessor('sqlite', { rateLimit: { max: 3, timeWindowMs: 60_000 } });
    try {
      const answers = [];
      for (let i = 0; i < 4; i++)
        answers.push(await createTestPaymentMethod(t.url, '4242424242424242'));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
      expect(answers[3]).toMatchObject({ error: { type: 'rate_limit_error' } });
      const intent = await t.stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const error = await t.stripe.paymentIntents.confirm(intent.id).catch((e: unknown) => e);
        statuses.push((error as { statusCode: number }).statusCode);
      }
      expect(statuses, 'the shop’s secret-key calls are not limited').toEqual([400, 400, 400, 400]);
    } finally {
      await t.close();
    }
  });
});

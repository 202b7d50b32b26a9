import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './testing/test-database.ts';
import { TEST_WEBHOOK_SECRET } from './keys.ts';
import { createTestPaymentMethod } from './testing/payment-method.fixture.ts';
import {
  browserCall,
  startTestProcessor,
  startWebhookReceiver,
  submitForm,
  type ProcessorFixture,
} from './testing/processor.fixture.ts';

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
const verifier = new Stripe('sk_test_unused', { telemetry: false });

describe.each(databaseKinds)('webhook events of the test processor on %s', (kind) => {
  let receiver: Receiver;
  let t: ProcessorFixture;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await startTestProcessor(kind, {
      webhookUrl: () => receiver.url,
      webhookRetryDelaysMs: [0, 0],
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  afterEach(async () => {
    receiver.answerWith(200);
    await t.processor.deliverPending();
    receiver.received.length = 0;
  });

  /** The events delivered so far, each verified as the shop would verify it. */
  function verifiedEvents(): Stripe.Event[] {
    return receiver.received.map(({ body, signature }) =>
      verifier.webhooks.constructEvent(body, signature, TEST_WEBHOOK_SECRET),
    );
  }

  const card = async (number: string) => (await createTestPaymentMethod(t.url, number)).id!;
  const eventsFor = (id: string) =>
    verifiedEvents()
      .filter((event) => (event.data.object as { id: string }).id === id)
      .map((event) => [event.type, (event.data.object as { status: string }).status]);

  it('signs each event as Stripe does; the right secret verifies it, another is refused', async () => {
    const paid = await t.stripe.paymentIntents.create({
      amount: 4500,
      currency: 'usd',
      payment_method: await card('4242424242424242'),
      confirm: true,
    });
    expect(receiver.received).toEqual([]);
    expect(await t.processor.deliverPending()).toEqual({ delivered: 1, failed: 0 });
    const [event] = verifiedEvents();
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      object: 'event',
      type: 'payment_intent.succeeded',
      livemode: false,
      api_version: Stripe.API_VERSION,
      created: expect.any(Number),
      data: { object: { id: paid.id, object: 'payment_intent', status: 'succeeded' } },
    });
    const { body, signature } = receiver.received[0]!;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(() => verifier.webhooks.constructEvent(body, signature, 'whsec_wrong')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    const row = await t.db
      .selectFrom('tp_events')
      .selectAll()
      .where('id', '=', event!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 1, last_status: 200, type: 'payment_intent.succeeded' });
    expect(row.delivered_at).not.toBeNull();
  });

  it('sends an event for each status change of payments', async () => {
    const declined = await t.stripe.paymentIntents
      .create({
        amount: 1000,
        currency: 'usd',
        payment_method: await card('4000000000000002'),
        confirm: true,
      })
      .catch((e: { payment_intent: { id: string } }) => e.payment_intent);
    const challenged = await t.stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      payment_method: await card('4000002500003155'),
      confirm: true,
      return_url: 'https://shop.example/return',
    });
    await submitForm(challenged.next_action!.redirect_to_url!.url!, {
      client_secret: challenged.client_secret!,
      outcome: 'complete',
    });
    const held = await t.stripe.paymentIntents.create({
      amount: 1000,
      currency: 'usd',
      capture_method: 'manual',
      payment_method: await card('4242424242424242'),
      confirm: true,
    });
    await t.stripe.paymentIntents.capture(held.id);
    const open = await t.stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
    await t.stripe.paymentIntents.cancel(open.id);
    const sepa = await t.stripe.paymentIntents.create({
      amount: 1000,
      currency: 'eur',
      allowed_payment_method_types: ['sepa_debit'],
      payment_method: (await browserCall(t.url, '/payment_methods', { type: 'sepa_debit' })).body
        .id as string,
      confirm: true,
    });
    await t.processor.settleProcessing();
    await t.processor.deliverPending();

    expect(eventsFor(declined.id)).toEqual([
      ['payment_intent.payment_failed', 'requires_payment_method'],
    ]);
    expect(eventsFor(challenged.id)).toEqual([
      ['payment_intent.requires_action', 'requires_action'],
      ['payment_intent.succeeded', 'succeeded'],
    ]);
    expect(eventsFor(held.id)).toEqual([
      ['payment_intent.amount_capturable_updated', 'requires_capture'],
      ['payment_intent.succeeded', 'succeeded'],
    ]);
    expect(eventsFor(open.id)).toEqual([['payment_intent.canceled', 'canceled']]);
    expect(eventsFor(sepa.id)).toEqual([
      ['payment_intent.processing', 'processing'],
      ['payment_intent.succeeded', 'succeeded'],
    ]);
  });

  it('sends setup_intent.succeeded and setup_intent.setup_failed', async () => {
    const ok = await t.stripe.setupIntents.create({
      payment_method: await card('4242424242424242'),
      confirm: true,
    });
    const failed = await t.stripe.setupIntents
      .create({ payment_method: await card('4000000000000002'), confirm: true })
      .catch((e: { setup_intent: { id: string } }) => e.setup_intent);
    await t.processor.deliverPending();
    expect(eventsFor(ok.id)).toEqual([['setup_intent.succeeded', 'succeeded']]);
    expect(eventsFor(failed.id)).toEqual([
      ['setup_intent.setup_failed', 'requires_payment_method'],
    ]);
  });

  it('retries a refused delivery, a bounded number of times', async () => {
    receiver.answerWith(500);
    await t.stripe.paymentIntents
      .create({ amount: 1000, currency: 'usd' })
      .then((open) => t.stripe.paymentIntents.cancel(open.id));
    expect(await t.processor.deliverPending()).toEqual({ delivered: 0, failed: 1 });
    expect(await t.processor.deliverPending()).toEqual({ delivered: 0, failed: 1 });
    const row = await t.db
      .selectFrom('tp_events')
      .selectAll()
      .where('delivered_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 2, last_status: 500 });
    expect(row.next_attempt_at).not.toBeNull();

    receiver.answerWith(200);
    expect(await t.processor.deliverPending()).toEqual({ delivered: 1, failed: 0 });
    expect(receiver.received).toHaveLength(3);

    receiver.answerWith(503);
    await t.stripe.paymentIntents
      .create({ amount: 1000, currency: 'usd' })
      .then((open) => t.stripe.paymentIntents.cancel(open.id));
    for (let i = 0; i < 3; i++) await t.processor.deliverPending();
    expect(await t.processor.deliverPending()).toEqual({ delivered: 0, failed: 0 });
    receiver.answerWith(200);
    expect(await t.processor.deliverPending()).toEqual({ delivered: 0, failed: 0 });
  });
});

describe('automatic webhook delivery', () => {
  it('delivers after the change is committed, off the request, and retries on its own', async () => {
    const receiver = await startWebhookReceiver();
    receiver.answerWith(500);
    const t = await startTestProcessor('sqlite', {
      webhookUrl: () => receiver.url,
      deliverWebhooks: 'auto',
      webhookRetryDelaysMs: [50, 50],
    });
    try {
      const paid = await t.stripe.paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        payment_method: (await createTestPaymentMethod(t.url, '4242424242424242')).id!,
        confirm: true,
      });
      await expect.poll(() => receiver.received.length).toBeGreaterThanOrEqual(1);
      receiver.answerWith(200);
      await expect.poll(() => receiver.received.length).toBeGreaterThanOrEqual(2);
      const last = JSON.parse(receiver.received.at(-1)!.body) as Stripe.Event;
      expect(last.data.object).toMatchObject({ id: paid.id, status: 'succeeded' });
      const row = await t.db.selectFrom('tp_events').selectAll().executeTakeFirstOrThrow();
      expect(row.delivered_at).not.toBeNull();
    } finally {
      await t.close();
      await receiver.close();
    }
  });

  it('never fails a request when the shop cannot be reached, or has no webhook URL yet', async () => {
    const unreachable = await startTestProcessor('sqlite', {
      webhookUrl: () => 'http://127.0.0.1:9/?wc-api=wc_stripe',
      deliverWebhooks: 'auto',
      webhookRetryDelaysMs: [10],
    });
    const nowhere = await startTestProcessor('sqlite', { deliverWebhooks: 'auto' });
    try {
      for (const t of [unreachable, nowhere]) {
        const open = await t.stripe.paymentIntents.create({ amount: 1000, currency: 'usd' });
        expect((await t.stripe.paymentIntents.cancel(open.id)).status).toBe('canceled');
      }
      await expect
        .poll(async () => {
          const row = await unreachable.db.selectFrom('tp_events').selectAll().executeTakeFirst();
          return row?.attempts;
        })
        .toBe(2);
      expect(await nowhere.processor.deliverPending()).toEqual({ delivered: 0, failed: 0 });
      const waiting = await nowhere.db
        .selectFrom('tp_events')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(waiting).toMatchObject({ attempts: 0, delivered_at: null });
    } finally {
      await unreachable.close();
      await nowhere.close();
    }
  });
});

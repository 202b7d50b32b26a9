import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './testing/test-database.ts';
import { createTestPaymentMethod } from './testing/payment-method.fixture.ts';
import {
  startTestProcessor,
  submitForm,
  type ProcessorFixture,
} from './testing/processor.fixture.ts';

const returnUrl = 'https://shop.example/checkout/?step=pay#wc-stripe-confirm-pi:12:abc:nonce';

describe.each(databaseKinds)('3D Secure at the test processor on %s', (kind) => {
  let t: ProcessorFixture;

  beforeAll(async () => {
    t = await startTestProcessor(kind);
  });
  afterAll(() => t.close());

  async function authenticating(
    number: string,
    extra: Partial<Stripe.PaymentIntentCreateParams> = {},
  ) {
    const pm = await createTestPaymentMethod(t.url, number);
    const intent = await t.stripe.paymentIntents.create({
      amount: 4500,
      currency: 'usd',
      payment_method: pm.id!,
      confirm: true,
      return_url: returnUrl,
      ...extra,
    });
    expect(intent.status).toBe('requires_action');
    return { intent, challenge: intent.next_action!.redirect_to_url!.url! };
  }

  async function answer(challenge: string, intent: Stripe.PaymentIntent, outcome: string) {
    return submitForm(challenge, { client_secret: intent.client_secret!, outcome });
  }

  function redirectOf(location: string | null) {
    const url = new URL(location!);
    return { url, params: Object.fromEntries(url.searchParams) };
  }

  it('shows a plain, labelled challenge page with the amount and Complete and Fail buttons', async () => {
    const { challenge } = await authenticating('4000002500003155');
    const response = await fetch(challenge);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<title>[^<]+Test mode<\/title>/);
    expect(html).toMatch(/<main[^>]*>[\s\S]*<h1[^>]*>Authenticate this payment<\/h1>/);
    expect(html).toContain('$45.00');
    expect(html).toContain('Visa •••• 3155');
    expect(html).toMatch(/<form method="post" action="\/test-processor\/challenge\/pi_\w+">/);
    expect(html).toContain('>Complete</button>');
    expect(html).toContain('>Fail</button>');
    expect(html).not.toContain('<script');
  });

  it('Complete succeeds and returns to the shop with Stripe parameters, keeping its query and hash', async () => {
    const { intent, challenge } = await authenticating('4000002500003155');
    const done = await answer(challenge, intent, 'complete');
    expect(done.status).toBe(303);
    const { url, params } = redirectOf(done.location);
    expect(`${url.origin}${url.pathname}`).toBe('https://shop.example/checkout/');
    expect(url.hash).toBe('#wc-stripe-confirm-pi:12:abc:nonce');
    expect(params).toEqual({
      step: 'pay',
      payment_intent: intent.id,
      payment_intent_client_secret: intent.client_secret,
      redirect_status: 'succeeded',
    });
    const after = await t.stripe.paymentIntents.retrieve(intent.id);
    expect(after).toMatchObject({ status: 'succeeded', next_action: null, amount_received: 4500 });
  });

  it('Fail returns the intent to requires_payment_method with an authentication failure', async () => {
    const { intent, challenge } = await authenticating('4000002500003155');
    const done = await answer(challenge, intent, 'fail');
    expect(redirectOf(done.location).params.redirect_status).toBe('failed');
    const after = await t.stripe.paymentIntents.retrieve(intent.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.last_payment_error).toMatchObject({
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message: expect.stringContaining('The provided PaymentMethod has failed authentication.'),
    });
  });

  it.each([
    ['4000002760003184', 'succeeded', null],
    ['4000008260003178', 'requires_payment_method', 'insufficient_funds'],
    ['4000008400001629', 'requires_payment_method', 'card_declined'],
  ])('card %s after Complete ends %s (%s)', async (number, status, declineCode) => {
    const { intent, challenge } = await authenticating(number);
    const done = await answer(challenge, intent, 'complete');
    expect(redirectOf(done.location).params.redirect_status).toBe(
      status === 'succeeded' ? 'succeeded' : 'failed',
    );
    const after = await t.stripe.paymentIntents.retrieve(intent.id);
    expect(after.status).toBe(status);
    if (declineCode)
      expect(after.last_payment_error).toMatchObject({
        type: 'card_error',
        code: 'card_declined',
        decline_code: declineCode,
      });
  });

  it('holds a manual-capture payment after the challenge', async () => {
    const { intent, challenge } = await authenticating('4000002500003155', {
      capture_method: 'manual',
    });
    const done = await answer(challenge, intent, 'complete');
    expect(redirectOf(done.location).params.redirect_status).toBe('succeeded');
    expect((await t.stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_capture');
  });

  it('answers a second Complete with the same redirect and changes nothing more', async () => {
    const { intent, challenge } = await authenticating('4000002500003155');
    const first = await answer(challenge, intent, 'complete');
    const second = await answer(challenge, intent, 'fail');
    expect(second.location).toBe(first.location);
    expect((await t.stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    const reopened = await (await fetch(challenge)).text();
    expect(reopened).toContain('The payment succeeded.');
    expect(reopened).toContain('Return to the shop');
  });

  it('refuses a wrong client secret and a made-up outcome, leaving the intent waiting', async () => {
    const { intent, challenge } = await authenticating('4000002500003155');
    const wrong = await submitForm(challenge, {
      client_secret: `${intent.id}_secret_nope`,
      outcome: 'complete',
    });
    expect(wrong.status).toBe(404);
    expect(wrong.html).toContain('Payment not found');
    expect((await fetch(challenge.replace(/client_secret=.*/, 'client_secret=x'))).status).toBe(
      404,
    );
    const odd = await answer(challenge, intent, 'maybe');
    expect(odd.status).toBe(400);
    expect((await t.stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_action');
  });

  it('without a return_url the challenge ends on a page of its own', async () => {
    const pm = await createTestPaymentMethod(t.url, '4000002500003155');
    const intent = await t.stripe.paymentIntents.create({
      amount: 900,
      currency: 'eur',
      payment_method: pm.id!,
      confirm: true,
    });
    expect(intent.next_action?.redirect_to_url?.return_url).toBeNull();
    const done = await answer(intent.next_action!.redirect_to_url!.url!, intent, 'complete');
    expect(done.status).toBe(200);
    expect(done.html).toContain('The payment succeeded.');
    expect(done.html).toContain('€9.00');
  });

  it('declines an authenticating card off-session with authentication_required', async () => {
    const pm = await createTestPaymentMethod(t.url, '4000002760003184');
    const error = await t.stripe.paymentIntents
      .create({
        amount: 1000,
        currency: 'usd',
        payment_method: pm.id!,
        confirm: true,
        off_session: true,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error).toMatchObject({ code: 'authentication_required' });
  });

  it('lets a new payment method be tried after a failed challenge', async () => {
    const { intent, challenge } = await authenticating('4000002500003155');
    await answer(challenge, intent, 'fail');
    const pm = await createTestPaymentMethod(t.url, '4242424242424242');
    const paid = await t.stripe.paymentIntents.confirm(intent.id, { payment_method: pm.id! });
    expect(paid).toMatchObject({ status: 'succeeded', last_payment_error: null });
  });
});

describe('the challenge URL', () => {
  it('uses the configured public origin instead of the Host asked', async () => {
    const t = await startTestProcessor('sqlite', { publicOrigin: () => 'https://shop.example/' });
    try {
      const pm = await createTestPaymentMethod(t.url, '4000002500003155');
      const intent = await t.stripe.paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        payment_method: pm.id!,
        confirm: true,
      });
      expect(intent.next_action?.redirect_to_url?.url).toMatch(
        /^https:\/\/shop\.example\/test-processor\/challenge\/pi_\w+\?client_secret=/,
      );
    } finally {
      await t.close();
    }
  });
});

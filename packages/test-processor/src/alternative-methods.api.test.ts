import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './testing/test-database.ts';
import { TEST_SECRET_KEY } from './keys.ts';
import { redirectMethodTypes } from './method-types.ts';
import {
  browserCall,
  startTestProcessor,
  submitForm,
  type ProcessorFixture,
} from './testing/processor.fixture.ts';

const returnUrl = 'https://shop.example/checkout/order-pay/9/?key=wc_order_k#wc-stripe-voucher';

describe.each(databaseKinds)('alternative payment methods at the test processor on %s', (kind) => {
  let t: ProcessorFixture;

  beforeAll(async () => {
    t = await startTestProcessor(kind);
  });
  afterAll(() => t.close());

  async function method(type: string, fields: Record<string, string> = {}): Promise<string> {
    const made = await browserCall(t.url, '/payment_methods', {
      type,
      'billing_details[name]': 'Jan Kowalski',
      'billing_details[email]': 'jan@example.com',
      ...fields,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return made.body.id as string;
  }

  async function confirmed(type: string, params: Partial<Stripe.PaymentIntentConfirmParams> = {}) {
    const intent = await t.stripe.paymentIntents.create({
      amount: 2500,
      currency: 'eur',
      allowed_payment_method_types: [type],
    });
    return t.stripe.paymentIntents.confirm(intent.id, {
      payment_method: await method(type),
      return_url: returnUrl,
      ...params,
    });
  }

  it('makes payment methods of each type with their billing details and no card', async () => {
    const id = await method('ideal', { 'ideal[bank]': 'ing' });
    const stored = await t.stripe.paymentMethods.retrieve(id);
    expect(stored).toMatchObject({
      type: 'ideal',
      ideal: { bank: 'ing' },
      billing_details: { name: 'Jan Kowalski', email: 'jan@example.com' },
    });
    expect(stored.card).toBeUndefined();
    const sepa = await t.stripe.paymentMethods.retrieve(
      await method('sepa_debit', { 'sepa_debit[iban]': 'DE89 3704 0044 0532 0130 00' }),
    );
    expect(sepa.sepa_debit).toMatchObject({ country: 'DE', last4: '3000' });
    const badIban = await browserCall(t.url, '/payment_methods', {
      type: 'sepa_debit',
      'sepa_debit[iban]': 'DE89370400440532013001',
    });
    expect(badIban).toMatchObject({ status: 400, body: { error: { param: 'sepa_debit[iban]' } } });
  });

  it.each([...redirectMethodTypes])('sends %s to the authorisation page', async (type) => {
    const intent = await confirmed(type);
    expect(intent.status).toBe('requires_action');
    expect(intent.next_action).toEqual({
      type: 'redirect_to_url',
      redirect_to_url: {
        url: `${t.url}/test-processor/authorize/${intent.id}?client_secret=${intent.client_secret}`,
        return_url: returnUrl,
      },
    });
  });

  it('Authorize succeeds and returns to the shop; the page names the method', async () => {
    const intent = await confirmed('ideal');
    const page = intent.next_action!.redirect_to_url!.url!;
    const html = await (await fetch(page)).text();
    expect(html).toContain('<h1 id="page-title">Authorize this iDEAL payment</h1>');
    expect(html).toContain('€25.00');
    expect(html).toContain('>Authorize</button>');
    expect(html).toContain('>Fail</button>');
    const done = await submitForm(page, {
      client_secret: intent.client_secret!,
      outcome: 'authorize',
    });
    expect(done.status).toBe(303);
    const back = new URL(done.location!);
    expect(back.hash).toBe('#wc-stripe-voucher');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      key: 'wc_order_k',
      payment_intent: intent.id,
      payment_intent_client_secret: intent.client_secret,
      redirect_status: 'succeeded',
    });
    expect((await t.stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
  });

  it('Fail leaves the intent in requires_payment_method with payment_intent_payment_attempt_failed', async () => {
    const intent = await confirmed('klarna');
    const done = await submitForm(intent.next_action!.redirect_to_url!.url!, {
      client_secret: intent.client_secret!,
      outcome: 'fail',
    });
    expect(new URL(done.location!).searchParams.get('redirect_status')).toBe('failed');
    const after = await t.stripe.paymentIntents.retrieve(intent.id);
    expect(after).toMatchObject({ status: 'requires_payment_method', payment_method: null });
    expect(after.last_payment_error).toMatchObject({
      type: 'invalid_request_error',
      code: 'payment_intent_payment_attempt_failed',
    });
  });

  it('needs a return_url for a redirect method, and a method of an allowed type', async () => {
    const missing = await confirmed('eps', { return_url: undefined }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({ param: 'return_url' });
    const cardOnly = await t.stripe.paymentIntents.create({ amount: 2500, currency: 'eur' });
    const wrongType = await t.stripe.paymentIntents
      .confirm(cardOnly.id, { payment_method: await method('ideal'), return_url: returnUrl })
      .catch((e: unknown) => e);
    expect(wrongType).toMatchObject({
      code: 'payment_intent_incompatible_payment_method',
      param: 'payment_method',
    });
    expect((await t.stripe.paymentIntents.retrieve(cardOnly.id)).status).toBe(
      'requires_payment_method',
    );
  });

  it('gives each voucher its display details, Stripe-shaped', async () => {
    const boleto = await confirmed('boleto');
    expect(boleto.status).toBe('requires_action');
    expect(boleto.next_action).toMatchObject({
      type: 'boleto_display_details',
      boleto_display_details: {
        number: expect.stringMatching(/^\d{47}$/),
        expires_at: expect.any(Number),
        hosted_voucher_url: expect.stringContaining(
          `/test-processor/voucher/${boleto.id}?client_secret=`,
        ),
        pdf: expect.stringContaining(`/test-processor/voucher/${boleto.id}/pdf?client_secret=`),
      },
    });
    const oxxo = await confirmed('oxxo');
    expect(oxxo.next_action).toMatchObject({
      type: 'oxxo_display_details',
      oxxo_display_details: {
        number: expect.stringMatching(/^\d{18}$/),
        expires_after: expect.any(Number),
        hosted_voucher_url: expect.stringContaining('/test-processor/voucher/'),
      },
    });
    const multibanco = await confirmed('multibanco');
    expect(multibanco.next_action).toMatchObject({
      type: 'multibanco_display_details',
      multibanco_display_details: {
        entity: expect.stringMatching(/^\d{5}$/),
        reference: expect.stringMatching(/^\d{9}$/),
        expires_at: expect.any(Number),
        hosted_voucher_url: expect.stringContaining('/test-processor/voucher/'),
      },
    });
    const expiresAt = multibanco.next_action!.multibanco_display_details!.expires_at!;
    expect(expiresAt * 1000 - Date.now()).toBeGreaterThan(6 * 86_400_000);
  });

  it('shows a voucher page whose Simulate payment makes the intent succeed', async () => {
    const intent = await confirmed('boleto');
    const details = intent.next_action!.boleto_display_details!;
    const page = await (await fetch(details.hosted_voucher_url!)).text();
    expect(page).toContain('<h1 id="page-title">Pay with Boleto</h1>');
    expect(page).toContain(details.number!);
    expect(page).toMatch(/Expires<\/dt><dd>\d{1,2} \w+ \d{4}/);
    expect(page).toContain('>Simulate payment</button>');
    const pdf = await fetch(details.pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).toMatch(
      /^%PDF-1\.4[\s\S]*%%EOF\n$/,
    );
    expect((await t.stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_action');

    const paid = await submitForm(details.hosted_voucher_url!, {
      client_secret: intent.client_secret!,
    });
    expect(paid.status).toBe(303);
    expect((await t.stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    const after = await (await fetch(new URL(paid.location!, t.url))).text();
    expect(after).toContain('The payment succeeded.');
    expect(after).toContain('Return to the shop');
    const noSecret = await fetch(`${t.url}/test-processor/voucher/${intent.id}`);
    expect(noSecret.status).toBe(404);
  });

  it('pays BLIK with a six-digit code and refuses any other', async () => {
    const intent = await t.stripe.paymentIntents.create({
      amount: 2500,
      currency: 'pln',
      allowed_payment_method_types: ['blik'],
      payment_method: await method('blik'),
    });
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const refused = await t.stripe.paymentIntents
        .confirm(intent.id, { payment_method_options: { blik: { code } } })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(refused).toMatchObject({
        statusCode: 400,
        code: 'payment_method_invalid_parameter',
        param: 'payment_method_options[blik][code]',
      });
    }
    const paid = await t.stripe.paymentIntents.confirm(intent.id, {
      payment_method_options: { blik: { code: '777123' } },
    });
    expect(paid.status).toBe('succeeded');
  });

  it('keeps a SEPA debit processing until it settles', async () => {
    const intent = await confirmed('sepa_debit');
    expect(intent).toMatchObject({ status: 'processing', next_action: null });
    expect(await t.processor.settleProcessing()).toBeGreaterThanOrEqual(1);
    expect((await t.stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    expect(await t.processor.settleProcessing()).toBe(0);
  });

  it('takes the allowed types under their older name payment_method_types[] too', async () => {
    const response = await fetch(`${t.url}/test-processor/v1/payment_intents`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TEST_SECRET_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'amount=2500&currency=eur&payment_method_types[]=ideal&payment_method_types[]=card',
    });
    expect(await response.json()).toMatchObject({
      allowed_payment_method_types: ['ideal', 'card'],
      payment_method_types: ['ideal', 'card'],
    });
  });

  it('offers every method type with automatic payment methods', async () => {
    const intent = await t.stripe.paymentIntents.create({
      amount: 2500,
      currency: 'eur',
      automatic_payment_methods: { enabled: true },
      excluded_payment_method_types: ['klarna'],
    });
    expect(intent.payment_method_types).toEqual(
      expect.arrayContaining(['card', 'ideal', 'boleto', 'blik', 'sepa_debit']),
    );
    expect(intent.payment_method_types).not.toContain('klarna');
  });
});

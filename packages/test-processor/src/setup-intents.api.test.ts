import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './testing/test-database.ts';
import { createTestPaymentMethod } from './testing/payment-method.fixture.ts';
import {
  browserCall,
  startTestProcessor,
  submitForm,
  type ProcessorFixture,
} from './testing/processor.fixture.ts';

const returnUrl = 'https://shop.example/my-account/add-payment-method/?saved=1';

describe.each(databaseKinds)('customers, saved methods and SetupIntents on %s', (kind) => {
  let t: ProcessorFixture;
  let stripe: Stripe;

  beforeAll(async () => {
    t = await startTestProcessor(kind);
    stripe = t.stripe;
  });
  afterAll(() => t.close());

  const card = async (number: string) => (await createTestPaymentMethod(t.url, number)).id!;
  const customer = () =>
    stripe.customers.create({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      metadata: { id: '1' },
    });

  async function setUp(number: string, customerId: string) {
    const setup = await stripe.setupIntents.create({ customer: customerId, usage: 'off_session' });
    return stripe.setupIntents.confirm(setup.id, {
      payment_method: await card(number),
      return_url: returnUrl,
    });
  }

  async function complete(setup: Stripe.SetupIntent, outcome: 'complete' | 'fail') {
    return submitForm(setup.next_action!.redirect_to_url!.url!, {
      client_secret: setup.client_secret!,
      outcome,
    });
  }

  it('creates and retrieves customers', async () => {
    const created = await customer();
    expect(created).toMatchObject({
      object: 'customer',
      email: 'ada@example.com',
      metadata: { id: '1' },
    });
    expect(await stripe.customers.retrieve(created.id)).toMatchObject({
      id: created.id,
      name: 'Ada Lovelace',
    });
    const missing = await stripe.customers.retrieve('cus_nobody').catch((e: unknown) => e);
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
  });

  it('saves a card with a SetupIntent and lists it for the customer', async () => {
    const ada = await customer();
    const setup = await setUp('4242424242424242', ada.id);
    expect(setup).toMatchObject({
      object: 'setup_intent',
      status: 'succeeded',
      customer: ada.id,
      usage: 'off_session',
      allowed_payment_method_types: ['card'],
    });
    const method = await stripe.paymentMethods.retrieve(setup.payment_method as string);
    expect(method.customer).toBe(ada.id);
    const listed = await stripe.paymentMethods.list({ customer: ada.id, type: 'card' });
    expect(listed).toMatchObject({ object: 'list', has_more: false, url: '/v1/payment_methods' });
    expect(listed.data.map((m) => m.id)).toEqual([method.id]);
    const viaCustomer = await stripe.customers.listPaymentMethods(ada.id);
    expect(viaCustomer.data.map((m) => m.id)).toEqual([method.id]);
  });

  it('refuses to save a declining card, but saves the one that declines only on charges', async () => {
    const ada = await customer();
    const refused = await setUp('4000000000000002', ada.id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Stripe.errors.StripeCardError);
    const setupId = (refused as { setup_intent: { id: string } }).setup_intent.id;
    const failed = await stripe.setupIntents.retrieve(setupId);
    expect(failed).toMatchObject({ status: 'requires_payment_method', payment_method: null });
    expect(failed.last_setup_error).toMatchObject({ type: 'card_error', code: 'card_declined' });

    const saved = await setUp('4000000000000341', ada.id);
    expect(saved.status).toBe('succeeded');
    const charge = await stripe.paymentIntents
      .create({
        amount: 1200,
        currency: 'usd',
        customer: ada.id,
        payment_method: saved.payment_method as string,
        confirm: true,
        off_session: true,
      })
      .catch((e: unknown) => e);
    expect(charge).toMatchObject({ code: 'card_declined' });
  });

  it('authenticates a 3D Secure card on the challenge page before saving it', async () => {
    const ada = await customer();
    const setup = await setUp('4000002500003155', ada.id);
    expect(setup.status).toBe('requires_action');
    expect(setup.next_action?.redirect_to_url?.url).toContain(
      `/test-processor/challenge/${setup.id}?`,
    );
    const page = await (await fetch(setup.next_action!.redirect_to_url!.url!)).text();
    expect(page).toContain('Authenticate this card');
    const done = await complete(setup, 'complete');
    const back = new URL(done.location!);
    expect(Object.fromEntries(back.searchParams)).toEqual({
      saved: '1',
      setup_intent: setup.id,
      setup_intent_client_secret: setup.client_secret,
      redirect_status: 'succeeded',
    });
    const saved = await stripe.setupIntents.retrieve(setup.id);
    expect(saved.status).toBe('succeeded');
    expect((await stripe.paymentMethods.retrieve(saved.payment_method as string)).customer).toBe(
      ada.id,
    );

    // Set up once, the card pays off-session without asking again.
    const later = await stripe.paymentIntents.create({
      amount: 1200,
      currency: 'usd',
      customer: ada.id,
      payment_method: saved.payment_method as string,
      confirm: true,
      off_session: true,
    });
    expect(later.status).toBe('succeeded');
  });

  it('fails the SetupIntent when the challenge fails', async () => {
    const ada = await customer();
    const setup = await setUp('4000002760003184', ada.id);
    const done = await complete(setup, 'fail');
    expect(new URL(done.location!).searchParams.get('redirect_status')).toBe('failed');
    const failed = await stripe.setupIntents.retrieve(setup.id);
    expect(failed.status).toBe('requires_payment_method');
    expect(failed.last_setup_error).toMatchObject({
      type: 'invalid_request_error',
      code: 'setup_intent_authentication_failure',
    });
  });

  it('saves a redirect method through its authorisation page', async () => {
    const ada = await customer();
    const setup = await stripe.setupIntents.create({
      customer: ada.id,
      allowed_payment_method_types: ['ideal'],
    });
    const ideal = await browserCall(t.url, '/payment_methods', { type: 'ideal' });
    const waiting = await stripe.setupIntents.confirm(setup.id, {
      payment_method: ideal.body.id as string,
      return_url: returnUrl,
    });
    expect(waiting.next_action?.redirect_to_url?.url).toContain('/test-processor/authorize/');
    await submitForm(waiting.next_action!.redirect_to_url!.url!, {
      client_secret: waiting.client_secret!,
      outcome: 'authorize',
    });
    expect((await stripe.setupIntents.retrieve(setup.id)).status).toBe('succeeded');
    const refused = await stripe.setupIntents
      .create({ customer: ada.id, allowed_payment_method_types: ['boleto'] })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ statusCode: 400, param: 'allowed_payment_method_types' });
  });

  it('lets the browser confirm a SetupIntent only with its client secret', async () => {
    const setup = await stripe.setupIntents.create({});
    const pm = await card('4242424242424242');
    const wrong = await browserCall(t.url, `/setup_intents/${setup.id}/confirm`, {
      payment_method: pm,
      client_secret: 'seti_x_secret_y',
    });
    expect(wrong.status).toBe(404);
    const right = await browserCall(t.url, `/setup_intents/${setup.id}/confirm`, {
      payment_method: pm,
      client_secret: setup.client_secret!,
    });
    expect(right).toMatchObject({ status: 200, body: { status: 'succeeded', customer: null } });
  });

  it('attaches and detaches methods, refusing a declining card and a second customer', async () => {
    const ada = await customer();
    const bob = await customer();
    const pm = await card('4242424242424242');
    expect((await stripe.paymentMethods.attach(pm, { customer: ada.id })).customer).toBe(ada.id);
    const other = await stripe.paymentMethods
      .attach(pm, { customer: bob.id })
      .catch((e: unknown) => e);
    expect(other).toMatchObject({ statusCode: 400 });
    const declining = await stripe.paymentMethods
      .attach(await card('4000000000000002'), { customer: ada.id })
      .catch((e: unknown) => e);
    expect(declining).toBeInstanceOf(Stripe.errors.StripeCardError);
    const bobPays = await stripe.paymentIntents
      .create({ amount: 1000, currency: 'usd', customer: bob.id, payment_method: pm })
      .catch((e: unknown) => e);
    expect(bobPays).toMatchObject({ statusCode: 400, param: 'payment_method' });

    expect((await stripe.paymentMethods.detach(pm)).customer).toBeNull();
    const again = await stripe.paymentMethods.detach(pm).catch((e: unknown) => e);
    expect(again).toMatchObject({ statusCode: 400 });
    expect((await stripe.paymentMethods.list({ customer: ada.id, type: 'card' })).data).toEqual([]);
  });

  it('pages through a customer’s methods newest first', async () => {
    const ada = await customer();
    const ids: string[] = [];
    for (const number of ['4242424242424242', '5555555555554444', '4000002500003155']) {
      const pm = await card(number);
      await stripe.paymentMethods.attach(pm, { customer: ada.id });
      ids.push(pm);
    }
    const first = await stripe.paymentMethods.list({ customer: ada.id, type: 'card', limit: 2 });
    expect(first.has_more).toBe(true);
    expect(first.data).toHaveLength(2);
    const rest = await stripe.paymentMethods.list({
      customer: ada.id,
      type: 'card',
      limit: 2,
      starting_after: first.data[1]!.id,
    });
    expect(rest.has_more).toBe(false);
    expect([...first.data, ...rest.data].map((m) => m.id).sort()).toEqual([...ids].sort());
    const all = [];
    for await (const method of stripe.paymentMethods.list({
      customer: ada.id,
      type: 'card',
      limit: 1,
    }))
      all.push(method.id);
    expect(all.sort()).toEqual([...ids].sort());
    expect((await stripe.paymentMethods.list({ customer: ada.id, type: 'ideal' })).data).toEqual(
      [],
    );
  });

  it('saves the method of a payment made with setup_future_usage for its customer', async () => {
    const ada = await customer();
    const paid = await stripe.paymentIntents.create({
      amount: 3000,
      currency: 'usd',
      customer: ada.id,
      setup_future_usage: 'off_session',
      payment_method: await card('4242424242424242'),
      confirm: true,
    });
    expect(paid).toMatchObject({ status: 'succeeded', setup_future_usage: 'off_session' });
    expect((await stripe.paymentMethods.retrieve(paid.payment_method as string)).customer).toBe(
      ada.id,
    );
    const oneOff = await stripe.paymentIntents.create({
      amount: 3000,
      currency: 'usd',
      customer: ada.id,
      payment_method: await card('4242424242424242'),
      confirm: true,
    });
    expect(
      (await stripe.paymentMethods.retrieve(oneOff.payment_method as string)).customer,
    ).toBeNull();
  });
});

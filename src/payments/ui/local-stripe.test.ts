import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLISHABLE_KEY } from '@shop/test-processor/keys';
import {
  startTestProcessor,
  submitForm,
  type ProcessorFixture,
} from '@shop/test-processor/fixture';
import {
  checkCardFields,
  confirmPayment,
  confirmSetup,
  createPaymentMethod,
  handleNextAction,
  retrievePaymentIntent,
  retrieveSetupIntent,
  type BillingDetails,
  type LocalStripeOptions,
} from './local-stripe.ts';

const key = TEST_PUBLISHABLE_KEY;
const billing: BillingDetails = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  address: {
    city: 'London',
    country: 'GB',
    line1: '12 St James Square',
    line2: '',
    postal_code: 'SW1Y 4JH',
    state: '',
  },
};
const card = (number: string) => ({ number, expiry: '12/34', cvc: '123' });
const returnUrl = 'https://shop.example/checkout/order-received/5/?key=wc_order_x#done';

/** The browser stand-in against the real processor; navigation recorded instead of done. */
describe('the browser stand-in for Stripe.js', () => {
  let t: ProcessorFixture;
  let options: LocalStripeOptions;
  let visited: string[];

  beforeAll(async () => {
    t = await startTestProcessor('sqlite');
  });
  afterAll(() => t.close());

  function freshOptions() {
    visited = [];
    let left: (url: string) => void = () => undefined;
    const navigated = new Promise<string>((resolve) => (left = resolve));
    options = {
      baseUrl: t.url,
      navigate: (url) => {
        visited.push(url);
        left(url);
      },
    };
    return navigated;
  }

  async function cardMethod(number: string) {
    const made = await createPaymentMethod(key, card(number), billing, { baseUrl: t.url });
    if ('error' in made) throw new Error(made.error.message);
    return made.paymentMethod.id;
  }

  const intent = (extra: Record<string, unknown> = {}) =>
    t.stripe.paymentIntents.create({ amount: 4500, currency: 'usd', ...extra });

  it('checks card fields before sending anything', async () => {
    expect(checkCardFields(card('4242 4242'))).toEqual({ code: 'incomplete_number' });
    expect(checkCardFields({ ...card('4242424242424242'), expiry: '13/30' })).toEqual({
      code: 'invalid_expiry_month',
    });
    const made = await createPaymentMethod(
      key,
      { ...card('4242424242424242'), cvc: '1' },
      billing,
      {
        baseUrl: 'http://127.0.0.1:9',
      },
    );
    expect(made).toEqual({
      error: {
        type: 'validation_error',
        code: 'incomplete_cvc',
        message: 'The card security code is incomplete.',
      },
    });
  });

  it('makes card and other payment methods, with the seed texts for refused cards', async () => {
    const made = await createPaymentMethod(key, card('4242 4242 4242 4242'), billing, {
      baseUrl: t.url,
    });
    expect(made).toMatchObject({ paymentMethod: { type: 'card' } });
    const stored = await t.stripe.paymentMethods.retrieve(
      (made as { paymentMethod: { id: string } }).paymentMethod.id,
    );
    expect(stored.billing_details).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    const wrong = await createPaymentMethod(key, card('4242424242424241'), billing, {
      baseUrl: t.url,
    });
    expect(wrong).toMatchObject({
      error: {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'The card number is incorrect.',
      },
    });
    const ideal = await createPaymentMethod(
      key,
      { type: 'ideal', billing, details: { bank: 'ing' } },
      { baseUrl: t.url },
    );
    expect(ideal).toMatchObject({ paymentMethod: { type: 'ideal' } });
    const viaObject = await createPaymentMethod(
      key,
      { type: 'card', card: card('4242424242424242'), billing },
      { baseUrl: t.url },
    );
    expect(viaObject).toMatchObject({ paymentMethod: { type: 'card' } });
  });

  it('confirms a card payment that succeeds, and one that declines with the seed text', async () => {
    freshOptions();
    const paid = await intent();
    const ok = await confirmPayment(
      key,
      { clientSecret: paid.client_secret!, paymentMethodId: await cardMethod('4242424242424242') },
      options,
    );
    expect(ok).toMatchObject({ paymentIntent: { id: paid.id, status: 'succeeded' } });
    const declined = await intent();
    const refused = await confirmPayment(
      key,
      {
        clientSecret: declined.client_secret!,
        paymentMethodId: await cardMethod('4000000000009995'),
      },
      options,
    );
    expect(refused).toMatchObject({
      error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'The card was declined.',
        payment_intent: { id: declined.id, status: 'requires_payment_method' },
      },
    });
    expect(visited).toEqual([]);
  });

  it('leaves for the 3D Secure challenge, and the intent succeeds after Complete', async () => {
    const navigated = freshOptions();
    const open = await intent();
    const pending = confirmPayment(
      key,
      {
        clientSecret: open.client_secret!,
        paymentMethodId: await cardMethod('4000002500003155'),
        returnUrl,
      },
      options,
    );
    const challenge = await navigated;
    expect(challenge).toBe(
      `${t.url}/test-processor/challenge/${open.id}?client_secret=${open.client_secret}`,
    );
    let settled = false;
    void pending.then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled, 'the page is leaving: confirmPayment never settles').toBe(false);
    const done = await submitForm(challenge, {
      client_secret: open.client_secret!,
      outcome: 'complete',
    });
    expect(new URL(done.location!).searchParams.get('redirect_status')).toBe('succeeded');
    const read = await retrievePaymentIntent(key, open.client_secret!, options);
    expect(read).toMatchObject({ paymentIntent: { status: 'succeeded' } });
  });

  it('with redirect always, goes to the return URL with Stripe parameters', async () => {
    const navigated = freshOptions();
    const open = await intent();
    void confirmPayment(
      key,
      {
        clientSecret: open.client_secret!,
        paymentMethodId: await cardMethod('4242424242424242'),
        returnUrl,
        redirect: 'always',
      },
      options,
    );
    const url = new URL(await navigated);
    expect(url.hash).toBe('#done');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      key: 'wc_order_x',
      payment_intent: open.id,
      payment_intent_client_secret: open.client_secret,
      redirect_status: 'succeeded',
    });
  });

  it('sends the BLIK code and answers a bad one with the seed text', async () => {
    freshOptions();
    const open = await intent({ currency: 'pln', allowed_payment_method_types: ['blik'] });
    const blik = await createPaymentMethod(key, { type: 'blik', billing }, options);
    const paymentMethodId = (blik as { paymentMethod: { id: string } }).paymentMethod.id;
    const bad = await confirmPayment(
      key,
      { clientSecret: open.client_secret!, paymentMethodId, blikCode: '12ab56' },
      options,
    );
    expect(bad).toMatchObject({
      error: { code: 'payment_method_invalid_parameter', message: 'BLIK Code is invalid' },
    });
    const good = await confirmPayment(
      key,
      { clientSecret: open.client_secret!, paymentMethodId, blikCode: '123456' },
      options,
    );
    expect(good).toMatchObject({ paymentIntent: { status: 'succeeded' } });
  });

  it('hands back a voucher, and handleNextAction opens its hosted page', async () => {
    const navigated = freshOptions();
    const open = await intent({ currency: 'brl', allowed_payment_method_types: ['boleto'] });
    const boleto = await createPaymentMethod(key, { type: 'boleto', billing }, options);
    const confirmed = await confirmPayment(
      key,
      {
        clientSecret: open.client_secret!,
        paymentMethodId: (boleto as { paymentMethod: { id: string } }).paymentMethod.id,
        returnUrl,
      },
      options,
    );
    expect(confirmed).toMatchObject({
      paymentIntent: { status: 'requires_action', next_action: { type: 'boleto_display_details' } },
    });
    void handleNextAction(key, { clientSecret: open.client_secret! }, options);
    expect(await navigated).toContain(`/test-processor/voucher/${open.id}?client_secret=`);
  });

  it('handleNextAction reports a failed attempt as an error and a finished one as the intent', async () => {
    freshOptions();
    const failed = await intent();
    await t.stripe.paymentIntents
      .confirm(failed.id, { payment_method: await cardMethod('4000000000000002') })
      .catch(() => undefined);
    const answer = await handleNextAction(key, { clientSecret: failed.client_secret! }, options);
    expect(answer).toMatchObject({
      error: {
        type: 'card_error',
        message: 'The card was declined.',
        payment_intent: { id: failed.id },
      },
    });
    const paid = await intent({
      payment_method: await cardMethod('4242424242424242'),
      confirm: true,
    });
    expect(
      await handleNextAction(key, { clientSecret: paid.client_secret! }, options),
    ).toMatchObject({
      paymentIntent: { status: 'succeeded' },
    });
  });

  it('confirms a SetupIntent through its challenge', async () => {
    const navigated = freshOptions();
    const customer = await t.stripe.customers.create({ email: 'ada@example.com' });
    const setup = await t.stripe.setupIntents.create({ customer: customer.id });
    void confirmSetup(
      key,
      {
        clientSecret: setup.client_secret!,
        paymentMethodId: await cardMethod('4000002500003155'),
        returnUrl,
      },
      options,
    );
    const challenge = await navigated;
    expect(challenge).toContain(`/test-processor/challenge/${setup.id}`);
    const done = await submitForm(challenge, {
      client_secret: setup.client_secret!,
      outcome: 'complete',
    });
    expect(new URL(done.location!).searchParams.get('setup_intent')).toBe(setup.id);
    expect(await retrieveSetupIntent(key, setup.client_secret!, options)).toMatchObject({
      setupIntent: { status: 'succeeded' },
    });
  });

  it('handleNextAction with a setup intent’s secret: its challenge, its error, or the setup intent', async () => {
    const navigated = freshOptions();
    const waiting = await t.stripe.setupIntents.create({});
    await t.stripe.setupIntents.confirm(waiting.id, {
      payment_method: await cardMethod('4000002500003155'),
      return_url: returnUrl,
    });
    void handleNextAction(key, { clientSecret: waiting.client_secret! }, options);
    expect(await navigated).toContain(`/test-processor/challenge/${waiting.id}`);

    freshOptions();
    const failed = await t.stripe.setupIntents.create({});
    await t.stripe.setupIntents
      .confirm(failed.id, { payment_method: await cardMethod('4000000000000002') })
      .catch(() => undefined);
    expect(
      await handleNextAction(key, { clientSecret: failed.client_secret! }, options),
    ).toMatchObject({
      error: {
        type: 'card_error',
        message: 'The card was declined.',
        setup_intent: { id: failed.id },
      },
    });

    const saved = await t.stripe.setupIntents.create({});
    await t.stripe.setupIntents.confirm(saved.id, {
      payment_method: await cardMethod('4242424242424242'),
    });
    expect(
      await handleNextAction(key, { clientSecret: saved.client_secret! }, options),
    ).toMatchObject({ setupIntent: { id: saved.id, status: 'succeeded' } });
    expect(visited).toEqual([]);
  });

  it('refuses a malformed or wrong client secret, and reports a connection failure', async () => {
    freshOptions();
    expect(await retrievePaymentIntent(key, 'nonsense', options)).toMatchObject({
      error: { type: 'invalid_request_error' },
    });
    const open = await intent();
    const wrong = await retrievePaymentIntent(key, `${open.id}_secret_wrong`, options);
    expect(wrong).toMatchObject({
      error: {
        code: 'resource_missing',
        message: 'Unable to process this payment, please try again or use alternative method.',
      },
    });
    const offline = await retrievePaymentIntent(key, open.client_secret!, {
      baseUrl: 'http://127.0.0.1:9',
    });
    expect(offline).toMatchObject({
      error: {
        type: 'api_connection_error',
        message: 'An error occurred while connecting to the server. Please try again.',
      },
    });
  });
});

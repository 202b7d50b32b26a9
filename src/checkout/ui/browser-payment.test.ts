import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pendingOrderOf, shopperWithCart } from '../../testing/shopper.fixture.ts';
import { STRIPE_NONCES } from '../../payments/nonces.ts';
import { createTestPaymentMethod } from '@shop/test-processor/testing';
import { TEST_PUBLISHABLE_KEY } from '@shop/test-processor/keys';
import { messages } from '../../platform/messages/index.ts';
import { createNonce } from '../../platform/nonce/nonce.ts';
import { startTestShop, type TestShop } from '../../testing/test-shop.ts';
import { confirmFromMarker, parseConfirmMarker, sameOriginUrl } from './browser-payment.ts';

const origin = 'https://shop.example';
const piSecret = 'pi_3AbC123_secret_9f8e7d';
const setiSecret = 'seti_1XyZ789_secret_0a1b2c';

describe('the order confirm marker (seed 001 §2)', () => {
  it('reads a payment intent’s marker: order, client secret and nonce', () => {
    expect(parseConfirmMarker(`#wc-stripe-confirm-pi:42:${piSecret}:a1b2c3d4e5f6`, origin)).toEqual(
      {
        form: 'order',
        kind: 'pi',
        orderId: 42,
        clientSecret: piSecret,
        nonce: 'a1b2c3d4e5f6',
      },
    );
  });

  it('reads its si twin for a setup intent', () => {
    expect(
      parseConfirmMarker(`#wc-stripe-confirm-si:7:${setiSecret}:0123456789ab`, origin),
    ).toEqual({
      form: 'order',
      kind: 'si',
      orderId: 7,
      clientSecret: setiSecret,
      nonce: '0123456789ab',
    });
  });

  it('reads a marker from a checkout answer’s redirect as from the page hash, without an origin', () => {
    expect(
      parseConfirmMarker(`#wc-stripe-confirm-pi:42:${piSecret}:a1b2c3d4e5f6`, undefined),
    ).toMatchObject({ form: 'order', orderId: 42 });
  });

  it('is no marker when the secret is not the kind’s own or a part is missing', () => {
    for (const hash of [
      `#wc-stripe-confirm-si:42:${piSecret}:a1b2c3d4e5f6`,
      `#wc-stripe-confirm-pi:42:${setiSecret}:a1b2c3d4e5f6`,
      `#wc-stripe-confirm-pi:42:${piSecret}`,
      `#wc-stripe-confirm-pi:x42:${piSecret}:a1b2c3d4e5f6`,
      `#wc-stripe-confirm-xi:42:${piSecret}:a1b2c3d4e5f6`,
      `#wc-stripe-confirm-pi:42:pi_1%ZZ:a1b2c3d4e5f6`,
      `#wc-stripe-confirm-pi:42:${piSecret}:nonce:extra`,
      '',
      '#',
      '#checkout',
    ])
      expect(parseConfirmMarker(hash, origin), hash).toBeNull();
  });
});

describe('the short confirm marker (seed 001 §2, §4)', () => {
  const back = `${origin}/checkout/order-received/42/?key=wc_order_abc`;

  it('reads intent kind, client secret and the encoded return URL', () => {
    expect(
      parseConfirmMarker(`#confirm-pi-${piSecret}:${encodeURIComponent(back)}`, origin),
    ).toEqual({
      form: 'short',
      kind: 'pi',
      orderId: null,
      clientSecret: piSecret,
      returnUrl: back,
    });
    expect(
      parseConfirmMarker(`#confirm-si-${setiSecret}:${encodeURIComponent(back)}`, origin),
    ).toEqual({
      form: 'short',
      kind: 'si',
      orderId: null,
      clientSecret: setiSecret,
      returnUrl: back,
    });
  });

  it('takes the hash without its # and a relative return URL, resolved on the page’s origin', () => {
    expect(
      parseConfirmMarker(`confirm-pi-${piSecret}:%2Fmy-account%2Fpayment-methods%2F`, origin),
    ).toMatchObject({ returnUrl: `${origin}/my-account/payment-methods/` });
    // The return URL may hold colons of its own (the split is at the first one).
    expect(parseConfirmMarker(`#confirm-pi-${piSecret}:${back}`, origin)).toMatchObject({
      returnUrl: back,
    });
  });

  it('is no marker when the return URL leaves the origin, or no origin is known', () => {
    for (const target of [
      'https://evil.example/steal',
      '//evil.example/steal',
      'javascript:alert(1)',
      'http://shop.example/checkout/',
    ])
      expect(
        parseConfirmMarker(`#confirm-pi-${piSecret}:${encodeURIComponent(target)}`, origin),
        target,
      ).toBeNull();
    expect(parseConfirmMarker(`#confirm-pi-${piSecret}:%2Fcheckout%2F`, undefined)).toBeNull();
  });

  it('is no marker with a wrong secret, no return URL or a broken encoding', () => {
    for (const hash of [
      `#confirm-si-${piSecret}:%2Fcheckout%2F`,
      `#confirm-pi-${piSecret}:`,
      `#confirm-pi-${piSecret}`,
      `#confirm-pi-${piSecret}:%E0%A4%A`,
      `#confirm-pi-:%2Fcheckout%2F`,
    ])
      expect(parseConfirmMarker(hash, origin), hash).toBeNull();
  });

  it('keeps a URL only on the same origin', () => {
    expect(sameOriginUrl('/a?b=1#c', origin)).toBe(`${origin}/a?b=1#c`);
    expect(sameOriginUrl(`${origin}/x`, origin)).toBe(`${origin}/x`);
    expect(sameOriginUrl('https://shop.example.evil/x', origin)).toBeNull();
    expect(sameOriginUrl('/x', undefined)).toBeNull();
  });
});

/**
 * What a page does with a marker, against the real server and test processor: the page's own
 * origin is the test shop's (relative calls go there), navigation is recorded, not done.
 */
describe('confirming from a marker', () => {
  let t: TestShop;
  const replaced: string[] = [];

  beforeAll(async () => {
    t = await startTestShop('sqlite');
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string | URL, init?: RequestInit) =>
      realFetch(new URL(String(url), t.url), init),
    );
    vi.stubGlobal('window', {
      location: {
        pathname: '/checkout/',
        search: '',
        href: `${t.url}/checkout/`,
        assign: (url: string) => replaced.push(`assign ${url}`),
      },
    });
    vi.stubGlobal('history', {
      replaceState: (_state: unknown, _title: string, url: string) => replaced.push(url),
    });
  });
  afterEach(() => {
    replaced.length = 0;
  });
  afterAll(async () => {
    vi.unstubAllGlobals();
    await t.close();
  });

  const nonces = { updateOrderStatus: 'unused000000', updateFailedOrder: 'unused000000' };

  async function intentWith(number: string) {
    const stripe = t.shop.payments.stripe;
    const method = await createTestPaymentMethod(t.url, number);
    const intent = await stripe.paymentIntents.create({
      amount: 4500,
      currency: 'usd',
      payment_method: method.id!,
    });
    return stripe.paymentIntents
      .confirm(intent.id, { return_url: `${t.url}/checkout/` })
      .catch(() => stripe.paymentIntents.retrieve(intent.id));
  }

  it('short marker: a succeeded payment goes to the return URL, the hash cleared first', async () => {
    const paid = await intentWith('4242424242424242');
    const marker = parseConfirmMarker(
      `#confirm-pi-${paid.client_secret}:%2Fcheckout%2Forder-received%2F1%2F`,
      t.url,
    )!;
    expect(await confirmFromMarker(marker, TEST_PUBLISHABLE_KEY, nonces)).toEqual({
      redirect: `${t.url}/checkout/order-received/1/`,
    });
    expect(replaced).toEqual(['/checkout/']);
  });

  it('short marker: a declined payment comes back as the seed’s error text for the page to show', async () => {
    const declined = await intentWith('4000000000000002');
    const marker = parseConfirmMarker(`#confirm-pi-${declined.client_secret}:%2Fdone%2F`, t.url)!;
    expect(await confirmFromMarker(marker, TEST_PUBLISHABLE_KEY, nonces)).toEqual({
      error: messages.cardErrors.card_declined,
    });
  });

  it('short marker: an intent that is not done (no method yet) is an error, not the return URL', async () => {
    const open = await t.shop.payments.stripe.paymentIntents.create({
      amount: 4500,
      currency: 'usd',
    });
    const marker = parseConfirmMarker(`#confirm-pi-${open.client_secret}:%2Fdone%2F`, t.url)!;
    expect(await confirmFromMarker(marker, TEST_PUBLISHABLE_KEY, nonces)).toEqual({
      error: messages.paymentFailed,
    });
  });

  it('short si marker: a saved method goes to the return URL', async () => {
    const stripe = t.shop.payments.stripe;
    const setup = await stripe.setupIntents.create({});
    const method = await createTestPaymentMethod(t.url, '4242424242424242');
    await stripe.setupIntents.confirm(setup.id, { payment_method: method.id! });
    const marker = parseConfirmMarker(
      `#confirm-si-${setup.client_secret}:%2Fmy-account%2Fpayment-methods%2F`,
      t.url,
    )!;
    expect(await confirmFromMarker(marker, TEST_PUBLISHABLE_KEY, nonces)).toEqual({
      redirect: `${t.url}/my-account/payment-methods/`,
    });
  });

  it('si order marker: the setup intent settles its zero-total order and the page goes on', async () => {
    const shopper = await shopperWithCart(t, 'sticker-pack');
    const order = await pendingOrderOf(t, shopper);
    const stripe = t.shop.payments.stripe;
    const setup = await stripe.setupIntents.create({
      metadata: { order_id: String(order.id), order_key: order.key },
    });
    const method = await createTestPaymentMethod(t.url, '4242424242424242');
    await stripe.setupIntents.confirm(setup.id, { payment_method: method.id! });
    // The page holds the nonce of the session it was made for (here: a browser with no cookie),
    // so the order is the caller's by the key of the order-pay link the page was opened from.
    const nonce = createNonce(t.shop.secret, STRIPE_NONCES.updateOrderStatus, '');
    const marker = parseConfirmMarker(
      `#wc-stripe-confirm-si:${order.id}:${setup.client_secret}:${nonce}`,
      t.url,
    )!;
    const location = window.location as { pathname: string; search: string };
    Object.assign(location, {
      pathname: `/checkout/order-pay/${order.id}/`,
      search: `?key=${encodeURIComponent(order.key)}`,
    });
    const result = await confirmFromMarker(marker, TEST_PUBLISHABLE_KEY, nonces).finally(() =>
      Object.assign(location, { pathname: '/checkout/', search: '' }),
    );
    expect(result).toEqual({
      redirect: `/checkout/order-received/${order.id}/?key=${encodeURIComponent(order.key)}`,
    });
    expect((await t.shop.orders.find(order.id))!.status).toBe('processing');
  });
});

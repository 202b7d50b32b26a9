import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../platform/messages/index.ts';
import { TEST_PUBLISHABLE_KEY } from '@shop/test-processor/keys';
import { CardElement, publishableKeyIn } from './card-element.tsx';
import {
  forgetPaymentProviders,
  loadPaymentProvider,
  localProvider,
  providerKindFor,
  type ProviderLoaders,
} from './payment-provider.ts';
import type { PaymentProvider } from './payment-provider.types.ts';

const stripeJs = vi.hoisted(() => ({ loadStripe: vi.fn() }));
vi.mock('@stripe/stripe-js', () => stripeJs);

const liveKey = 'pk_live_51ShopKey';

afterEach(() => {
  forgetPaymentProviders();
  stripeJs.loadStripe.mockReset();
});

function countingLoaders() {
  const calls = { local: [] as string[], stripe: [] as string[] };
  const loaders: ProviderLoaders = {
    local(key) {
      calls.local.push(key);
      return localProvider(key);
    },
    async stripe(key) {
      calls.stripe.push(key);
      return { ...localProvider(key), kind: 'stripe' } satisfies PaymentProvider;
    },
  };
  return { calls, loaders };
}

describe('choosing the payment provider', () => {
  it('takes the local stand-in for the test processor’s key, Stripe.js for any configured key', () => {
    expect(providerKindFor({ publishableKey: TEST_PUBLISHABLE_KEY })).toBe('local');
    expect(providerKindFor({ publishableKey: '' })).toBe('local');
    expect(providerKindFor({ publishableKey: 'pk_test_51Abc' })).toBe('stripe');
    expect(providerKindFor({ publishableKey: liveKey })).toBe('stripe');
  });

  it('loads the chosen provider once per key', async () => {
    const { calls, loaders } = countingLoaders();
    const local = await loadPaymentProvider({ publishableKey: TEST_PUBLISHABLE_KEY }, loaders);
    expect(local.kind).toBe('local');
    const [first, second] = await Promise.all([
      loadPaymentProvider({ publishableKey: liveKey }, loaders),
      loadPaymentProvider({ publishableKey: liveKey }, loaders),
    ]);
    expect(first.kind).toBe('stripe');
    expect(second).toBe(first);
    expect(calls).toEqual({ local: [TEST_PUBLISHABLE_KEY], stripe: [liveKey] });
  });

  it('loads @stripe/stripe-js with the configured key, never for the test processor', async () => {
    const fakeStripe = { elements: vi.fn() };
    stripeJs.loadStripe.mockResolvedValue(fakeStripe);
    const provider = await loadPaymentProvider({ publishableKey: liveKey });
    expect(provider.kind).toBe('stripe');
    expect(stripeJs.loadStripe).toHaveBeenCalledExactlyOnceWith(liveKey);
    await loadPaymentProvider({ publishableKey: TEST_PUBLISHABLE_KEY });
    expect(stripeJs.loadStripe).toHaveBeenCalledTimes(1);
  });

  it('fails with the seed’s text when Stripe.js cannot be loaded, and tries again next time', async () => {
    stripeJs.loadStripe.mockResolvedValueOnce(null);
    await expect(loadPaymentProvider({ publishableKey: liveKey })).rejects.toThrow(
      messages.paymentProviderLoadFailed,
    );
    stripeJs.loadStripe.mockResolvedValueOnce({ elements: vi.fn() });
    expect((await loadPaymentProvider({ publishableKey: liveKey })).kind).toBe('stripe');
    expect(stripeJs.loadStripe).toHaveBeenCalledTimes(2);
  });
});

describe('the card element follows the provider', () => {
  const props = { value: { number: '', expiry: '', cvc: '' }, onChange: () => undefined };

  it('is the local element with its three labelled fields in test mode', () => {
    const html = renderToStaticMarkup(
      <CardElement {...props} publishableKey={TEST_PUBLISHABLE_KEY} />,
    );
    expect(html).toContain('<label for="card-number">Card number</label>');
    expect(html).toContain('<label for="card-expiry">Expiration date</label>');
    expect(html).toContain('<label for="card-cvc">Security code</label>');
    expect(html).not.toContain('stripe-card-element');
  });

  it('is a place for Stripe’s card element, with no card field of the shop’s, with a live key', () => {
    const html = renderToStaticMarkup(<CardElement {...props} publishableKey={liveKey} />);
    expect(html).toContain('class="stripe-card-element input-text"');
    expect(html).toContain('<legend class="visually-hidden">Card details</legend>');
    expect(html).not.toContain('<input');
  });

  it('reads the key its page’s loader gave, the deepest route first', () => {
    expect(
      publishableKeyIn([
        { loaderData: { testMode: false } },
        { loaderData: { publishableKey: liveKey } },
      ]),
    ).toBe(liveKey);
    expect(publishableKeyIn([{ loaderData: undefined }, { loaderData: { cart: {} } }])).toBeNull();
  });
});

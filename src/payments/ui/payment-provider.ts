import { cardPaymentMessages } from '../../platform/messages/card-payment.ts';
import { TEST_PUBLISHABLE_KEY } from '@shop/test-processor/keys';
import * as local from './local-stripe.ts';
import type { PaymentProvider } from './payment-provider.types.ts';

export interface PaymentProviderConfig {
  /** What the page was given: STRIPE_PUBLISHABLE_KEY, or the test processor's own key. */
  publishableKey: string;
}

/** The test processor's key (or none) means the local stand-in; any other is Stripe's. */
export function providerKindFor(config: PaymentProviderConfig): PaymentProvider['kind'] {
  return config.publishableKey === TEST_PUBLISHABLE_KEY || config.publishableKey === ''
    ? 'local'
    : 'stripe';
}

/** The local stand-in: every call goes to the test processor on this page's origin. */
export function localProvider(publishableKey: string, options: local.LocalStripeOptions = {}) {
  const provider: PaymentProvider = {
    kind: 'local',
    createPaymentMethod: (method) => local.createPaymentMethod(publishableKey, method, options),
    handleNextAction: (clientSecret) =>
      local.handleNextAction(publishableKey, { clientSecret }, options),
    confirmPayment: (confirm) => local.confirmPayment(publishableKey, confirm, options),
    confirmSetup: (confirm) => local.confirmSetup(publishableKey, confirm, options),
    mountCard: () => null,
  };
  return provider;
}

export interface ProviderLoaders {
  local(publishableKey: string): PaymentProvider;
  /** Loads Stripe.js from Stripe's servers (only then) and wraps it. */
  stripe(publishableKey: string): Promise<PaymentProvider>;
}

const defaultLoaders: ProviderLoaders = {
  local: (publishableKey) => localProvider(publishableKey),
  async stripe(publishableKey) {
    const [{ loadStripe }, { stripeJsProvider }] = await Promise.all([
      import('@stripe/stripe-js'),
      import('./stripe-js-provider.ts'),
    ]);
    const stripe = await loadStripe(publishableKey);
    if (!stripe) throw new Error(cardPaymentMessages.paymentProviderLoadFailed);
    return stripeJsProvider(stripe);
  },
};

const loaded = new Map<string, Promise<PaymentProvider>>();

/**
 * The page's payment provider, loaded once per publishable key: with STRIPE_PUBLISHABLE_KEY
 * configured, @stripe/stripe-js; with the test processor, the local stand-in. A failed load is
 * forgotten, so the next call tries again.
 */
export function loadPaymentProvider(
  config: PaymentProviderConfig,
  loaders: ProviderLoaders = defaultLoaders,
): Promise<PaymentProvider> {
  const { publishableKey } = config;
  let provider = loaded.get(publishableKey);
  if (!provider) {
    provider =
      providerKindFor(config) === 'local'
        ? Promise.resolve(loaders.local(publishableKey))
        : loaders.stripe(publishableKey);
    provider.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, provider);
  }
  return provider;
}

/** Forgets the loaded providers (tests). */
export function forgetPaymentProviders(): void {
  loaded.clear();
}

import { TEST_PUBLISHABLE_KEY } from '@shop/test-processor/keys';
import {
  loadPaymentProvider,
  localProvider,
  providerKindFor,
} from '../../../payments/ui/payment-provider.ts';
import type { PaymentProvider } from '../../../payments/ui/payment-provider.types.ts';
import type { RuntimeEnv } from '../context.ts';

/**
 * The form's card goes through the shop's one payment provider interface: the test processor's
 * stand-in (at the shop's origin, which for an embedded form is not the page's) or Stripe.js.
 * Loaded with the first card field that needs it, apart from the form's own JavaScript.
 */
export function formCardProvider(env: RuntimeEnv): Promise<PaymentProvider> {
  const config = { publishableKey: env.publishableKey || TEST_PUBLISHABLE_KEY };
  return providerKindFor(config) === 'local'
    ? Promise.resolve(localProvider(config.publishableKey, { baseUrl: env.shopOrigin }))
    : loadPaymentProvider(config);
}

import type Stripe from 'stripe';
import type { Config } from '../platform/config/config.ts';
import {
  stripeSdk,
  TEST_PUBLISHABLE_KEY,
  TEST_WEBHOOK_SECRET,
  testProcessorStripe,
} from '@shop/test-processor';

export interface PaymentsConfig {
  /** Made at its first use, which loads the SDK: read it when a payment needs it, not at start. */
  readonly stripe: Stripe;
  publishableKey: string;
  /** True while payments go to the built-in test processor. */
  testMode: boolean;
  /** What webhook events are signed with (`whsec_…`). */
  webhookSecret: string;
}

/**
 * The official Stripe SDK, talking to Stripe when keys are configured and otherwise to the
 * built-in test processor on this same server: one code path either way.
 */
export function createPayments(
  config: Config,
  localAddress: () => { host: string; port: number },
): PaymentsConfig {
  const keys = config.stripe;
  if (keys) {
    return withStripeAtFirstUse(
      { publishableKey: keys.publishableKey, testMode: false, webhookSecret: keys.webhookSecret },
      () => new (stripeSdk())(keys.secretKey, { maxNetworkRetries: 2, telemetry: false }),
    );
  }
  return withStripeAtFirstUse(
    { publishableKey: TEST_PUBLISHABLE_KEY, testMode: true, webhookSecret: TEST_WEBHOOK_SECRET },
    () => testProcessorStripe(localAddress),
  );
}

function withStripeAtFirstUse(
  config: Omit<PaymentsConfig, 'stripe'>,
  create: () => Stripe,
): PaymentsConfig {
  let stripe: Stripe | undefined;
  return {
    ...config,
    get stripe() {
      return (stripe ??= create());
    },
  };
}

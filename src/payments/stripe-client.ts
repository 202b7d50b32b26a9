import Stripe from 'stripe';
import type { Config } from '../platform/config/config.ts';
import {
  TEST_PUBLISHABLE_KEY,
  TEST_WEBHOOK_SECRET,
  testProcessorStripe,
} from '@shop/test-processor';

export interface PaymentsConfig {
  stripe: Stripe;
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
  if (config.stripe) {
    return {
      stripe: new Stripe(config.stripe.secretKey, { maxNetworkRetries: 2, telemetry: false }),
      publishableKey: config.stripe.publishableKey,
      testMode: false,
      webhookSecret: config.stripe.webhookSecret,
    };
  }
  return {
    stripe: testProcessorStripe(localAddress),
    publishableKey: TEST_PUBLISHABLE_KEY,
    testMode: true,
    webhookSecret: TEST_WEBHOOK_SECRET,
  };
}

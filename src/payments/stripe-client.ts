import Stripe from 'stripe';
import type { Config } from '../platform/config/config.ts';
import {
  TEST_PROCESSOR_PATH,
  TEST_PUBLISHABLE_KEY,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from './test-processor/keys.ts';

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
  const nodeClient = Stripe.createNodeHttpClient();
  const prefixed = Object.create(nodeClient) as typeof nodeClient;
  // The SDK has no base-path option; the processor lives under its own path on this server.
  prefixed.makeRequest = (host, port, path, ...rest) => {
    const { host: localHost, port: localPort } = localAddress();
    return nodeClient.makeRequest(
      localHost,
      String(localPort),
      `${TEST_PROCESSOR_PATH}${path}`,
      ...rest,
    );
  };
  return {
    stripe: new Stripe(TEST_SECRET_KEY, {
      httpClient: prefixed,
      protocol: 'http',
      maxNetworkRetries: 1,
      telemetry: false,
    }),
    publishableKey: TEST_PUBLISHABLE_KEY,
    testMode: true,
    webhookSecret: TEST_WEBHOOK_SECRET,
  };
}

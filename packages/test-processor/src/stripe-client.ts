import type Stripe from 'stripe';
import { TEST_PROCESSOR_PATH, TEST_SECRET_KEY } from './keys.ts';
import { stripeSdk } from './stripe-sdk.ts';

/** The official Stripe SDK, pointed at the processor mounted on the server at `localAddress`. */
export function testProcessorStripe(localAddress: () => { host: string; port: number }): Stripe {
  const Sdk = stripeSdk();
  const nodeClient = Sdk.createNodeHttpClient();
  const prefixed = Object.create(nodeClient) as typeof nodeClient;
  // The SDK has no base-path option; the processor lives under its own path on that server.
  prefixed.makeRequest = (_host, _port, path, ...rest) => {
    const { host, port } = localAddress();
    return nodeClient.makeRequest(host, String(port), `${TEST_PROCESSOR_PATH}${path}`, ...rest);
  };
  return new Sdk(TEST_SECRET_KEY, {
    httpClient: prefixed,
    protocol: 'http',
    maxNetworkRetries: 1,
    telemetry: false,
  });
}

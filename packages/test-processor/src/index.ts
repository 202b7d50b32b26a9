/**
 * The built-in test processor: a local stand-in for Stripe's test mode. The host mounts it on its
 * Fastify server and reaches it only through the official `stripe` SDK (`testProcessorStripe`).
 */
export {
  mountTestProcessor,
  type DeliveryReport,
  type TestProcessor,
  type TestProcessorOptions,
} from './mount.ts';
export {
  TEST_PROCESSOR_PATH,
  TEST_PUBLISHABLE_KEY,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from './keys.ts';
export { testProcessorStripe } from './stripe-client.ts';
export { stripeSdk } from './stripe-sdk.ts';
export type { DbKind, TestProcessorTables } from './db/schema.ts';

/**
 * The test processor's fixed keys and path. Browser-safe: the stand-in for Stripe.js imports these
 * too, so nothing here may pull in server code.
 */
export const TEST_PROCESSOR_PATH = '/test-processor';
export const TEST_SECRET_KEY = 'sk_test_shop_local_processor';
export const TEST_PUBLISHABLE_KEY = 'pk_test_shop_local_processor';
/** The secret the processor signs its webhook events with (`Stripe-Signature`). */
export const TEST_WEBHOOK_SECRET = 'whsec_test_shop_local_processor';

import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { TEST_WEBHOOK_SECRET } from './keys.ts';
import { signatureHeader } from './signing.ts';

const stripe = new Stripe('sk_test_unused', { telemetry: false });
const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded' });

describe('webhook signatures', () => {
  it('signs exactly as the SDK does', () => {
    const timestamp = 1_790_000_000;
    expect(signatureHeader(payload, TEST_WEBHOOK_SECRET, timestamp)).toBe(
      stripe.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET, timestamp }),
    );
  });

  it('verifies with constructEvent and the secret, and fails with another secret or body', () => {
    const header = signatureHeader(payload, TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000));
    expect(stripe.webhooks.constructEvent(payload, header, TEST_WEBHOOK_SECRET).id).toBe('evt_1');
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow(
      Stripe.errors.StripeSignatureVerificationError,
    );
    expect(() =>
      stripe.webhooks.constructEvent(`${payload} `, header, TEST_WEBHOOK_SECRET),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
  });
});

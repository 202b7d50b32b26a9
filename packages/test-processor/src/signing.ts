import { createHmac } from 'node:crypto';

/**
 * Stripe's webhook signature: `t={unix seconds},v1={HMAC-SHA256(secret, "{t}.{payload}")}`,
 * what `stripe.webhooks.constructEvent` verifies.
 */
export function signatureHeader(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

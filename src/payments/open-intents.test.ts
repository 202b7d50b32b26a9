import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { cutOffStanding } from './open-intents.ts';

const intent = (
  status: Stripe.PaymentIntent.Status,
  declined = false,
): Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'> => ({
  status,
  last_payment_error: declined
    ? ({ code: 'card_declined' } as Stripe.PaymentIntent.LastPaymentError)
    : null,
});

describe('the intent of a payment attempt cut off mid-way', () => {
  it('settles its order when money moved, is moving or was refused', () => {
    expect(cutOffStanding(intent('succeeded'))).toBe('settle');
    expect(cutOffStanding(intent('requires_capture'))).toBe('settle');
    expect(cutOffStanding(intent('processing'))).toBe('settle');
    expect(cutOffStanding(intent('requires_payment_method', true))).toBe('settle');
  });

  it('is closed when it was never confirmed: nothing moved, so its order may go', () => {
    expect(cutOffStanding(intent('requires_confirmation'))).toBe('close');
    expect(cutOffStanding(intent('requires_payment_method'))).toBe('close');
    expect(cutOffStanding(intent('canceled'))).toBe('gone');
  });

  it('waits for the shopper’s challenge, which only the hold time ends', () => {
    expect(cutOffStanding(intent('requires_action'))).toBe('wait');
  });
});

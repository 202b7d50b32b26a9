import { expect } from 'vitest';
import { createTestPaymentMethod } from '@shop/test-processor/testing';
import { shopperWithCart, type Shopper } from '../testing/shopper.fixture.ts';
import type { TestShop } from '../testing/test-shop.ts';
import { completeBillingForm } from './billing.fixture.ts';
import { CHECKOUT_NONCE } from './nonces.ts';

/** The card that needs a challenge (CONTRACT §4): its order waits, unpaid, until authenticated. */
export const CHALLENGE_CARD = '4000002500003155';

export interface CheckoutAnswer {
  result: 'success' | 'failure';
  redirect?: string;
  messages?: string;
}

export interface AwaitingAuthentication extends Shopper {
  orderId: number;
  clientSecret: string;
  intentId: string;
  statusNonce: string;
}

/** Posts the checkout form of a shopper with the given payment method (a card unless cod). */
export async function postCheckout(t: TestShop, shopper: Shopper, paymentMethodId: string | null) {
  // Every checkout here comes from one address; the card-testing limit has tests of its own.
  await t.shop.db.deleteFrom('rate_limits').execute();
  return shopper.client.postForm<CheckoutAnswer>('/?wc-ajax=checkout', {
    ...completeBillingForm,
    'terms-field': '1',
    terms: 'on',
    payment_method: paymentMethodId ? 'stripe' : 'cod',
    ...(paymentMethodId ? { 'wc-stripe-payment-method': paymentMethodId } : {}),
    'woocommerce-process-checkout-nonce': shopper.nonce(CHECKOUT_NONCE),
  });
}

/**
 * A shopper who put the product in their cart and checked out with the challenge card, then
 * walked away: the order is pending, its stock taken, its intent waiting for authentication.
 */
export async function walkedAwayFromChallenge(
  t: TestShop,
  slug = 'classic-hoodie',
): Promise<AwaitingAuthentication> {
  const shopper = await shopperWithCart(t, slug);
  const pm = await createTestPaymentMethod(t.url, CHALLENGE_CARD);
  const answer = await postCheckout(t, shopper, pm.id!);
  const marker = /^#wc-stripe-confirm-pi:(\d+):([^:]+):(\w+)$/.exec(answer.body.redirect ?? '');
  expect(marker, JSON.stringify(answer.body)).not.toBeNull();
  const [, orderId, clientSecret, statusNonce] = marker!;
  return {
    ...shopper,
    orderId: Number(orderId),
    clientSecret: clientSecret!,
    intentId: clientSecret!.split('_secret_')[0]!,
    statusNonce: statusNonce!,
  };
}

/** The shopper completes the challenge on the processor's page (the intent succeeds). */
export async function completeChallenge(t: TestShop, o: AwaitingAuthentication): Promise<void> {
  const response = await fetch(`${t.url}/test-processor/challenge/${o.intentId}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: o.clientSecret, outcome: 'complete' }),
  });
  expect(response.status).toBe(303);
}

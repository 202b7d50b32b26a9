import type {
  ConfirmOptions,
  NewPaymentMethod,
  PaymentIntentResult,
  PaymentMethodResult,
  SetupIntentResult,
} from './local-stripe.ts';

/**
 * The part of Stripe.js the checkout uses, whichever backend answers it: the built-in test
 * processor's stand-in (local-stripe.ts) or Stripe.js itself (@stripe/stripe-js), chosen by the
 * publishable key the page was given.
 */
export interface PaymentProvider {
  kind: 'local' | 'stripe';
  createPaymentMethod(method: NewPaymentMethod): Promise<PaymentMethodResult>;
  /** As Stripe.js: a `pi_…` secret answers `paymentIntent`, a `seti_…` one `setupIntent`. */
  handleNextAction(clientSecret: string): Promise<PaymentIntentResult | SetupIntentResult>;
  confirmPayment(confirm: ConfirmOptions): Promise<PaymentIntentResult>;
  confirmSetup(confirm: Omit<ConfirmOptions, 'blikCode'>): Promise<SetupIntentResult>;
  /**
   * Puts the provider's own card fields into the container and answers how to take them away;
   * null when the page's own card element (the local one) collects the card.
   */
  mountCard(container: HTMLElement): (() => void) | null;
}

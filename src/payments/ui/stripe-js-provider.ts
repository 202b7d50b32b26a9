import type {
  PaymentIntentResult as StripePaymentIntentResult,
  SetupIntentResult as StripeSetupIntentResult,
  PaymentIntent as StripePaymentIntent,
  SetupIntent as StripeSetupIntent,
  Stripe,
  StripeCardElement,
  StripeError,
} from '@stripe/stripe-js';
import {
  toError,
  type BillingDetails,
  type PaymentIntent,
  type SetupIntent,
  type StripeJsError,
} from './local-stripe.ts';
import type { PaymentProvider } from './payment-provider.types.ts';

/** Stripe.js's error with the shop's text for it (seed 001 §8), never Stripe's own wording. */
function shopError(error: StripeError): StripeJsError {
  return toError({
    type: error.type,
    ...(error.code !== undefined && { code: error.code }),
    ...(error.decline_code !== undefined && { decline_code: error.decline_code }),
    ...(error.param !== undefined && { param: error.param }),
  });
}

function billingDetails(billing: BillingDetails) {
  return {
    name: billing.name,
    email: billing.email,
    phone: billing.phone,
    address: billing.address,
  };
}

const asPaymentIntent = (intent: StripePaymentIntent) => intent as unknown as PaymentIntent;
const asSetupIntent = (intent: StripeSetupIntent) => intent as unknown as SetupIntent;

/**
 * Stripe.js behind the shop's provider interface. The card is typed into Stripe's own card
 * element (an iframe from Stripe), mounted where the page's card fields would be.
 */
export function stripeJsProvider(stripe: Stripe): PaymentProvider {
  let card: StripeCardElement | null = null;
  return {
    kind: 'stripe',

    mountCard(container) {
      const element = stripe.elements().create('card', { hidePostalCode: true });
      element.mount(container);
      card = element;
      return () => {
        element.destroy();
        if (card === element) card = null;
      };
    },

    async createPaymentMethod(method) {
      const billing_details = billingDetails(method.billing);
      if (method.type === 'card' && !card)
        return { error: toError({ type: 'validation_error', code: 'incomplete_number' }) };
      const result =
        method.type === 'card'
          ? await stripe.createPaymentMethod({ type: 'card', card: card!, billing_details })
          : await stripe.createPaymentMethod({
              type: method.type,
              billing_details,
              ...(method.details && { [method.type]: method.details }),
            } as unknown as Parameters<Stripe['createPaymentMethod']>[0]);
      if (result.error) return { error: shopError(result.error) };
      return { paymentMethod: { id: result.paymentMethod.id, type: result.paymentMethod.type } };
    },

    async handleNextAction(clientSecret) {
      const result = await stripe.handleNextAction({ clientSecret });
      if (result.error) return { error: shopError(result.error) };
      if (result.setupIntent) return { setupIntent: asSetupIntent(result.setupIntent) };
      return { paymentIntent: asPaymentIntent(result.paymentIntent!) };
    },

    async confirmPayment(confirm) {
      // With `redirect: 'always'` Stripe.js leaves the page; otherwise the intent comes back.
      const result = (await stripe.confirmPayment({
        clientSecret: confirm.clientSecret,
        confirmParams: {
          ...(confirm.paymentMethodId && { payment_method: confirm.paymentMethodId }),
          ...(confirm.returnUrl && { return_url: confirm.returnUrl }),
          ...(confirm.blikCode !== undefined && {
            payment_method_options: { blik: { code: confirm.blikCode } },
          }),
        },
        redirect: confirm.redirect === 'always' ? 'always' : 'if_required',
      } as Parameters<Stripe['confirmPayment']>[0])) as StripePaymentIntentResult;
      if (result.error) return { error: shopError(result.error) };
      return { paymentIntent: asPaymentIntent(result.paymentIntent!) };
    },

    async confirmSetup(confirm) {
      const result = (await stripe.confirmSetup({
        clientSecret: confirm.clientSecret,
        confirmParams: {
          ...(confirm.paymentMethodId && { payment_method: confirm.paymentMethodId }),
          ...(confirm.returnUrl && { return_url: confirm.returnUrl }),
        },
        redirect: confirm.redirect === 'always' ? 'always' : 'if_required',
      } as Parameters<Stripe['confirmSetup']>[0])) as StripeSetupIntentResult;
      if (result.error) return { error: shopError(result.error) };
      return { setupIntent: asSetupIntent(result.setupIntent!) };
    },
  };
}

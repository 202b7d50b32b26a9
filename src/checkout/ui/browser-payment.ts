import type { PaymentMethodInfo } from '../../payments/methods.ts';
import { isValidBlikCode } from '../../payments/methods.ts';
import {
  createPaymentMethod,
  handleNextAction,
  type BillingDetails,
  type CardDetails,
} from '../../payments/ui/local-stripe.ts';
import { postForm, wcAjaxUrl } from '../../platform/http/client.ts';
import { messages } from '../../platform/messages/index.ts';

/** Seed 001 §3: billing details read from the checkout form. */
export function billingDetailsOf(form: FormData): BillingDetails {
  const field = (name: string) => String(form.get(name) ?? '');
  return {
    name: `${field('billing_first_name')} ${field('billing_last_name')}`.trim(),
    email: field('billing_email'),
    phone: field('billing_phone'),
    address: {
      city: field('billing_city'),
      country: field('billing_country'),
      line1: field('billing_address_1'),
      line2: field('billing_address_2'),
      postal_code: field('billing_postcode'),
      state: field('billing_state'),
    },
  };
}

/**
 * The deferred-intent step before the form is posted (seed 001 §4): check the method's own
 * fields, make its payment method at the processor, and hand back the hidden inputs to add.
 */
export async function preparePayment(
  method: PaymentMethodInfo,
  form: FormData,
  publishableKey: string,
  card: CardDetails,
): Promise<{ fields: Record<string, string> } | { error: string; field?: 'blik' }> {
  if (!method.type) return { fields: {} };
  if (method.flow === 'blik' && !isValidBlikCode(String(form.get('wc-stripe-blik-code') ?? '')))
    return { error: messages.blikCodeInvalid, field: 'blik' };
  const result = await createPaymentMethod(publishableKey, {
    type: method.type,
    card: method.flow === 'card' ? card : undefined,
    billing: billingDetailsOf(form),
  });
  if ('error' in result) return { error: result.error.message };
  return { fields: { 'wc-stripe-payment-method': result.paymentMethod.id } };
}

/** Seed 001 §2: `#wc-stripe-confirm-(pi|si):{order id}:{client secret}:{nonce}`. */
export interface ConfirmMarker {
  kind: 'pi' | 'si';
  orderId: number;
  clientSecret: string;
  nonce: string;
}

export function parseConfirmMarker(hash: string): ConfirmMarker | null {
  const match = /^#wc-stripe-confirm-(pi|si):(\d+):([^:]+):([^:]+)$/.exec(hash);
  if (!match) return null;
  return {
    kind: match[1] as 'pi' | 'si',
    orderId: Number(match[2]),
    clientSecret: decodeURIComponent(match[3]!),
    nonce: match[4]!,
  };
}

interface StatusAnswer {
  success?: boolean;
  data?: { return_url?: string; error?: { message?: string } };
}

/**
 * Handles a confirm marker: the intent's next action (a 3DS challenge) runs; when it finishes in
 * the page the order's status is updated on the server and the browser goes to the returned URL.
 * With the local processor the challenge is a page of its own that returns to the thank-you page.
 */
export async function confirmFromMarker(
  marker: ConfirmMarker,
  publishableKey: string,
  nonces: { updateOrderStatus: string; updateFailedOrder: string },
): Promise<{ redirect: string } | { error: string }> {
  history.replaceState(null, '', window.location.pathname + window.location.search);
  const result = await handleNextAction(publishableKey, { clientSecret: marker.clientSecret });
  const intentId = marker.clientSecret.split('_secret_')[0]!;
  if ('error' in result) {
    await postForm(wcAjaxUrl('wc_stripe_update_failed_order'), {
      _ajax_nonce: nonces.updateFailedOrder,
      intent_id: intentId,
      order_id: String(marker.orderId),
    }).catch(() => undefined);
    return { error: result.error.message };
  }
  const answer = await postForm<StatusAnswer>(wcAjaxUrl('wc_stripe_update_order_status'), {
    _ajax_nonce: marker.nonce || nonces.updateOrderStatus,
    order_id: String(marker.orderId),
    intent_id: intentId,
  });
  if (answer.data?.success && answer.data.data?.return_url)
    return { redirect: answer.data.data.return_url };
  return { error: answer.data?.data?.error?.message ?? messages.paymentFailed };
}

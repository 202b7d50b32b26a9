import type { PaymentMethodInfo } from '../../payments/methods.ts';
import { isValidBlikCode } from '../../payments/methods.ts';
import type { BillingDetails, CardDetails } from '../../payments/ui/local-stripe.ts';
import { loadPaymentProvider } from '../../payments/ui/payment-provider.ts';
import type { PaymentProvider } from '../../payments/ui/payment-provider.types.ts';
import { postForm, wcAjaxUrl } from '../../platform/http/client.ts';
import { messages } from '../../platform/messages/index.ts';

/** The page's provider: Stripe.js with live keys, the local stand-in in test mode; null if it failed to load. */
function providerFor(publishableKey: string): Promise<PaymentProvider | null> {
  return loadPaymentProvider({ publishableKey }).catch(() => null);
}

/** Seed 001 §3: billing details read from the checkout form. */
function billingDetailsOf(form: FormData): BillingDetails {
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
 * fields, make its payment method at the processor (through the page's provider: the card typed
 * in the local element, or in Stripe's), and hand back the hidden inputs to add.
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
  const provider = await providerFor(publishableKey);
  if (!provider) return { error: messages.paymentProviderLoadFailed };
  const result = await provider.createPaymentMethod({
    type: method.type,
    card: method.flow === 'card' ? card : undefined,
    billing: billingDetailsOf(form),
  });
  if ('error' in result) return { error: result.error.message };
  return { fields: { 'wc-stripe-payment-method': result.paymentMethod.id } };
}

/** Seed 001 §2: `#wc-stripe-confirm-(pi|si):{order id}:{client secret}:{nonce}`. */
export interface OrderConfirmMarker {
  form: 'order';
  kind: 'pi' | 'si';
  orderId: number;
  clientSecret: string;
  /** The nonce of `wc_stripe_update_order_status`, for the call after authenticating. */
  nonce: string;
}

/**
 * Seed 001 §2, §4: the short confirm marker `#confirm-(pi|si)-{client secret}:{return url}`,
 * which names no order: the intent's outcome alone says whether the page goes to the URL.
 */
export interface ShortConfirmMarker {
  form: 'short';
  kind: 'pi' | 'si';
  orderId: null;
  clientSecret: string;
  /** Absolute, and on the page's own origin (anything else is not a marker). */
  returnUrl: string;
}

export type ConfirmMarker = OrderConfirmMarker | ShortConfirmMarker;

const SECRET = /^(pi|seti)_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/;

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/** A return URL only when it stays on the page's origin (seed 001 §5, as for vouchers). */
export function sameOriginUrl(url: string, origin: string | undefined): string | null {
  if (!origin) return null;
  try {
    const resolved = new URL(url, origin);
    return resolved.origin === origin ? resolved.href : null;
  } catch {
    return null;
  }
}

/**
 * Reads a confirm marker from a hash (or a checkout answer's redirect): the order marker or the
 * short one, each for a payment (`pi`) or a setup (`si`) intent; its client secret must be the
 * kind's own. Anything else is no marker.
 */
export function parseConfirmMarker(
  hash: string,
  origin: string | undefined = globalThis.location?.origin,
): ConfirmMarker | null {
  const long = /^#wc-stripe-confirm-(pi|si):(\d+):([^:]+):([^:]+)$/.exec(hash);
  if (long) {
    const kind = long[1] as 'pi' | 'si';
    const clientSecret = decoded(long[3]!);
    if (!clientSecret || !fitsKind(clientSecret, kind)) return null;
    return { form: 'order', kind, orderId: Number(long[2]), clientSecret, nonce: long[4]! };
  }
  const short = /^#?confirm-(pi|si)-([^:]+):(.+)$/.exec(hash);
  if (short) {
    const kind = short[1] as 'pi' | 'si';
    const clientSecret = decoded(short[2]!);
    const target = decoded(short[3]!);
    const returnUrl = target && sameOriginUrl(target, origin);
    if (!clientSecret || !fitsKind(clientSecret, kind) || !returnUrl) return null;
    return { form: 'short', kind, orderId: null, clientSecret, returnUrl };
  }
  return null;
}

function fitsKind(clientSecret: string, kind: 'pi' | 'si'): boolean {
  const match = SECRET.exec(clientSecret);
  return match !== null && match[1] === (kind === 'pi' ? 'pi' : 'seti');
}

/** Seed 001 §3: statuses in which the intent's work is done (a payment taken or authorised). */
const SUCCEEDED = ['succeeded', 'requires_capture'];

interface StatusAnswer {
  success?: boolean;
  data?: { return_url?: string; error?: { message?: string } };
}

/**
 * Handles a confirm marker; the hash is cleared first. The intent's next action (a 3DS challenge)
 * runs; with the local processor the challenge is a page of its own that returns to the intent's
 * return URL.
 *
 * The order marker (`pi` or `si`): when the action finishes in the page, the order's status is
 * updated on the server and the browser goes to the URL it returns; a failure marks the order
 * failed (`update_failed_order`). The short marker: a succeeded-type status goes to its return
 * URL; otherwise an error comes back for the page to show (seed 001 §4).
 */
export async function confirmFromMarker(
  marker: ConfirmMarker,
  publishableKey: string,
  nonces: { updateOrderStatus: string; updateFailedOrder: string },
): Promise<{ redirect: string } | { error: string }> {
  history.replaceState(null, '', window.location.pathname + window.location.search);
  const provider = await providerFor(publishableKey);
  if (!provider) return { error: messages.paymentProviderLoadFailed };
  const result = await provider.handleNextAction(marker.clientSecret);
  if (marker.form === 'short') {
    if ('error' in result) return { error: result.error.message };
    const intent = 'paymentIntent' in result ? result.paymentIntent : result.setupIntent;
    return SUCCEEDED.includes(intent.status)
      ? { redirect: marker.returnUrl }
      : { error: messages.paymentFailed };
  }
  const intentId = marker.clientSecret.split('_secret_')[0]!;
  // The order-pay page's key proves the order is the payer's when another session placed it.
  const key = new URLSearchParams(window.location.search).get('key');
  const ownership: Record<string, string> = key ? { order_key: key } : {};
  if ('error' in result) {
    await postForm(wcAjaxUrl('wc_stripe_update_failed_order'), {
      _ajax_nonce: nonces.updateFailedOrder,
      intent_id: intentId,
      order_id: String(marker.orderId),
      ...ownership,
    }).catch(() => undefined);
    return { error: result.error.message };
  }
  const answer = await postForm<StatusAnswer>(wcAjaxUrl('wc_stripe_update_order_status'), {
    _ajax_nonce: marker.nonce || nonces.updateOrderStatus,
    order_id: String(marker.orderId),
    intent_id: intentId,
    ...ownership,
  });
  if (answer.data?.success && answer.data.data?.return_url)
    return { redirect: answer.data.data.return_url };
  return { error: answer.data?.data?.error?.message ?? messages.paymentFailed };
}

import { postForm } from '../../platform/http/client.ts';
import { messages, type CardErrorCode } from '../../platform/messages/index.ts';

/**
 * The part of Stripe.js the checkout uses, implemented against the built-in test processor.
 * With real keys the checkout loads @stripe/stripe-js instead (the payments issue).
 */
export interface CardDetails {
  number: string;
  expiry: string;
  cvc: string;
}

export interface BillingDetails {
  name: string;
  email: string;
  phone: string;
  address: {
    city: string;
    country: string;
    line1: string;
    line2: string;
    postal_code: string;
    state: string;
  };
}

export type PaymentMethodResult =
  { paymentMethod: { id: string } } | { error: { type: string; code: string; message: string } };

interface ProcessorError {
  error?: { type: string; code?: string; message: string };
  id?: string;
}

/** The seed's card_error text for a code; the processor's own wording is never shown. */
export function cardErrorText(code: string | undefined): string {
  return (code && messages.cardErrors[code as CardErrorCode]) || messages.unknownError;
}

/** Checks done in the browser before anything is sent, as Stripe's element does. */
export function checkCardFields(card: CardDetails): { code: CardErrorCode } | null {
  const digits = card.number.replace(/\D/g, '');
  if (digits.length < 16) return { code: 'incomplete_number' };
  if (!/^\d\d\/\d\d$/.test(card.expiry)) return { code: 'incomplete_expiry' };
  const [month, year] = card.expiry.split('/').map(Number) as [number, number];
  if (month < 1 || month > 12) return { code: 'invalid_expiry_month' };
  const now = new Date();
  const fullYear = 2000 + year;
  if (
    fullYear < now.getFullYear() ||
    (fullYear === now.getFullYear() && month < now.getMonth() + 1)
  )
    return { code: 'invalid_expiry_year_past' };
  if (!/^\d{3}$/.test(card.cvc)) return { code: 'incomplete_cvc' };
  return null;
}

export async function createPaymentMethod(
  publishableKey: string,
  card: CardDetails,
  billing: BillingDetails,
): Promise<PaymentMethodResult> {
  const local = checkCardFields(card);
  if (local)
    return {
      error: { type: 'validation_error', code: local.code, message: cardErrorText(local.code) },
    };
  const [month, year] = card.expiry.split('/');
  const fields: Record<string, string> = {
    type: 'card',
    'card[number]': card.number.replace(/\D/g, ''),
    'card[exp_month]': String(Number(month)),
    'card[exp_year]': String(2000 + Number(year)),
    'card[cvc]': card.cvc,
    'billing_details[name]': billing.name,
    'billing_details[email]': billing.email,
    'billing_details[phone]': billing.phone,
  };
  for (const [key, value] of Object.entries(billing.address))
    fields[`billing_details[address][${key}]`] = value;
  const response = await postForm<ProcessorError>('/test-processor/v1/payment_methods', fields, {
    headers: { Authorization: `Bearer ${publishableKey}` },
  });
  if (response.ok && response.data.id) return { paymentMethod: { id: response.data.id } };
  const code = response.data?.error?.code ?? 'processing_error';
  return {
    error: { type: response.data?.error?.type ?? 'api_error', code, message: cardErrorText(code) },
  };
}

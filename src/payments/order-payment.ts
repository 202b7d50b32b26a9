import type Stripe from 'stripe';
import { messages, type CardErrorCode } from '../platform/messages/index.ts';
import type { PaymentMethodInfo } from './methods.ts';

/** What the shopper needs after paying by voucher (boleto, OXXO, Multibanco). */
export interface VoucherDetails {
  type: string;
  number: string;
  expiresAt: string | null;
  url: string | null;
}

/** Where an order's payment stands after the processor has answered. */
export type PaymentOutcome =
  | { kind: 'paid'; intentId: string }
  | { kind: 'on-hold'; intentId: string; voucher: VoucherDetails | null }
  | { kind: 'redirect'; intentId: string; url: string }
  | { kind: 'authenticate'; intentId: string; clientSecret: string }
  | { kind: 'failed'; intentId: string | null; code: string; message: string };

interface ProcessorError {
  type?: string;
  code?: string;
}

/** Failures that are the shopper's choice or the bank's, not a card_error code of the catalogue. */
const PAYMENT_ATTEMPT_FAILED = new Set([
  'payment_intent_authentication_failure',
  'payment_intent_payment_attempt_failed',
]);

/** Seed 001 §8: the shop's text for a processor error; the processor's own words never show. */
export function paymentErrorText(error: ProcessorError | null | undefined): string {
  const type = error?.type === 'StripeCardError' ? 'card_error' : error?.type;
  const code = error?.code ?? '';
  if (type === 'card_error')
    return messages.cardErrors[code as CardErrorCode] ?? messages.cardErrors.card_declined;
  if (PAYMENT_ATTEMPT_FAILED.has(code)) return messages.paymentFailed;
  if (code === 'email_invalid') return messages.invalidEmail;
  return messages.unableToProcess;
}

function voucherOf(intent: Stripe.PaymentIntent): VoucherDetails | null {
  const action = intent.next_action as Record<string, unknown> | null;
  if (!action) return null;
  const type = String(action.type ?? '');
  const details = action[type] as Record<string, unknown> | undefined;
  if (!type.endsWith('_display_details') || !details) return null;
  const expiresAt = details.expires_at ?? details.expires_after;
  return {
    type: type.replace('_display_details', ''),
    number: String(details.number ?? details.reference ?? ''),
    expiresAt: typeof expiresAt === 'number' ? new Date(expiresAt * 1000).toISOString() : null,
    url: typeof details.hosted_voucher_url === 'string' ? details.hosted_voucher_url : null,
  };
}

/** What an intent's status means for its order. */
export function outcomeOf(intent: Stripe.PaymentIntent): PaymentOutcome {
  const intentId = intent.id;
  switch (intent.status) {
    case 'succeeded':
    case 'requires_capture':
      return { kind: 'paid', intentId };
    case 'processing':
      return { kind: 'on-hold', intentId, voucher: null };
    case 'requires_action': {
      const voucher = voucherOf(intent);
      if (voucher) return { kind: 'on-hold', intentId, voucher };
      const redirect = intent.next_action?.redirect_to_url?.url;
      const isCard =
        intent.payment_method_types.includes('card') && intent.payment_method_types.length === 1;
      if (redirect && !isCard) return { kind: 'redirect', intentId, url: redirect };
      return { kind: 'authenticate', intentId, clientSecret: intent.client_secret ?? '' };
    }
    default: {
      const error = intent.last_payment_error;
      return {
        kind: 'failed',
        intentId,
        code: error?.code ?? intent.status,
        message: error ? paymentErrorText(error) : messages.paymentFailed,
      };
    }
  }
}

/** What the shop tells the processor about an order's payment, whichever call makes its intent. */
export type PayableOrder = { id: number; key: string; total: number; currency: string };

/**
 * The intent's order fields: amount and currency from the order, the one allowed method type,
 * and the order's id and key as metadata (how a webhook or a return finds the order again).
 */
export function orderIntentParams(
  order: PayableOrder,
  methodType: string,
): Pick<
  Stripe.PaymentIntentCreateParams,
  'amount' | 'currency' | 'allowed_payment_method_types' | 'metadata' | 'description'
> {
  return {
    amount: order.total,
    currency: order.currency.toLowerCase(),
    allowed_payment_method_types: [
      methodType as Stripe.PaymentIntentCreateParams.AllowedPaymentMethodType,
    ],
    metadata: { order_id: String(order.id), order_key: order.key },
    description: `Order ${order.id}`,
  };
}

/**
 * Idempotency keys derived from the order: the same order and the same step give the same key,
 * so a retried or doubled request is answered with the first one's intent.
 */
export function orderIdempotencyKey(order: Pick<PayableOrder, 'id' | 'key'>, step: string): string {
  return `order-${order.id}-${order.key}-${step}`;
}

export interface PayOrderInput {
  paymentMethodId: string;
  /** Where the shopper comes back to after a redirect or a challenge (absolute). */
  returnUrl: string;
  blikCode?: string;
  /** Makes the intent the order's own; called before the intent is confirmed. */
  recordIntent(intentId: string): Promise<void>;
}

/** A processor refusal as the order's failed payment, in the shop's words. */
function failedAttempt(error: unknown, intentId: string | null): PaymentOutcome {
  const raw = error as {
    type?: string;
    code?: string;
    raw?: { payment_intent?: { id?: string } };
  };
  return {
    kind: 'failed',
    intentId: raw.raw?.payment_intent?.id ?? intentId,
    code: raw.code ?? 'api_error',
    message: paymentErrorText({
      type: raw.type === 'StripeCardError' ? 'card_error' : mapType(raw.type),
      code: raw.code,
    }),
  };
}

/**
 * Creates the order's payment intent, records it as the order's, then confirms it. Two calls, so
 * that an intent able to take money is always one its order names: whatever dies between them,
 * the order can be settled from (or released after) its own intent. The idempotency keys are
 * derived from the order and the payment method, so a retried or doubled request never charges
 * twice. A failure to record the intent is the shop's, not the processor's: it is thrown.
 */
export async function payOrder(
  stripe: Stripe,
  order: PayableOrder,
  method: PaymentMethodInfo,
  input: PayOrderInput,
): Promise<PaymentOutcome> {
  const key = orderIdempotencyKey(order, input.paymentMethodId);
  let created: Stripe.PaymentIntent;
  try {
    created = await stripe.paymentIntents.create(
      { ...orderIntentParams(order, method.type ?? 'card'), payment_method: input.paymentMethodId },
      { idempotencyKey: key },
    );
  } catch (error) {
    return failedAttempt(error, null);
  }
  await input.recordIntent(created.id);
  try {
    const intent = await stripe.paymentIntents.confirm(
      created.id,
      {
        return_url: input.returnUrl,
        ...(method.flow === 'blik' && input.blikCode
          ? { payment_method_options: { blik: { code: input.blikCode } } }
          : {}),
      },
      { idempotencyKey: `${key}-confirm` },
    );
    return outcomeOf(intent);
  } catch (error) {
    return failedAttempt(error, created.id);
  }
}

/** The SDK's error classes, back to the wire's `type`. */
function mapType(sdkType: string | undefined): string {
  const types: Record<string, string> = {
    StripeInvalidRequestError: 'invalid_request_error',
    StripeAPIError: 'api_error',
    StripeConnectionError: 'api_connection_error',
    StripeAuthenticationError: 'authentication_error',
    StripeRateLimitError: 'rate_limit_error',
  };
  return types[sdkType ?? ''] ?? 'api_error';
}

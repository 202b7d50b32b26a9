import type Stripe from 'stripe';
import { messages, type CardErrorCode } from '../platform/messages/index.ts';

export type CardPaymentResult =
  | { status: 'succeeded'; intentId: string }
  | { status: 'failed'; intentId: string | null; message: string; code: string };

/** The shop's text for a processor error: the seed's card_error texts, else its generic ones. */
export function paymentErrorMessage(error: unknown): { code: string; message: string } {
  const stripeError = error as { type?: string; code?: string; rawType?: string };
  if (stripeError.type === 'StripeCardError' && stripeError.code) {
    const text = messages.cardErrors[stripeError.code as CardErrorCode];
    return { code: stripeError.code, message: text ?? messages.cardErrors.card_declined };
  }
  return { code: stripeError.rawType ?? 'api_error', message: messages.unableToProcess };
}

/**
 * Charges an order with a payment method made in the browser. The idempotency key is derived from
 * the order, so a retried or doubled request never charges twice.
 */
export async function chargeOrder(
  stripe: Stripe,
  order: { id: number; key: string; total: number; currency: string },
  paymentMethodId: string,
): Promise<CardPaymentResult> {
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: order.total,
        currency: order.currency.toLowerCase(),
        payment_method: paymentMethodId,
        confirm: true,
        metadata: { order_id: String(order.id), order_key: order.key },
        description: `Order ${order.id}`,
      },
      { idempotencyKey: `order-${order.id}-${order.key}-${paymentMethodId}` },
    );
    if (intent.status === 'succeeded' || intent.status === 'requires_capture')
      return { status: 'succeeded', intentId: intent.id };
    return {
      status: 'failed',
      intentId: intent.id,
      code: intent.status,
      message: messages.paymentFailed,
    };
  } catch (error) {
    const { code, message } = paymentErrorMessage(error);
    const intentId = (error as { payment_intent?: { id?: string } }).payment_intent?.id ?? null;
    return { status: 'failed', intentId, code, message };
  }
}

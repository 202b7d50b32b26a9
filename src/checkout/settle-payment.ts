import type Stripe from 'stripe';
import { outcomeOf, type PaymentOutcome } from '../payments/order-payment.ts';
import type { Order } from './order.ts';
import type { OrdersRepo } from './orders.repo.ts';

/**
 * Moves an order to where its payment stands. Every path that learns of a payment (the checkout
 * call, a redirect return, the browser after authenticating, a webhook) comes through here, and
 * each transition is a conditional update: whichever arrives first makes it, the rest change nothing.
 */
export async function settlePayment(
  orders: OrdersRepo,
  order: Order,
  outcome: PaymentOutcome,
): Promise<Order> {
  switch (outcome.kind) {
    case 'paid':
      await orders.markPaid(order.id, outcome.intentId);
      break;
    case 'on-hold':
      await orders.markOnHold(order.id, outcome.voucher);
      break;
    case 'failed':
      await orders.markFailed(order.id);
      break;
    default:
      return order;
  }
  return (await orders.find(order.id)) ?? order;
}

/** The order an intent was made for, when the intent really is that order's. */
async function orderOfIntent(
  orders: OrdersRepo,
  intent: Stripe.PaymentIntent,
): Promise<Order | undefined> {
  const order =
    (await orders.findByPaymentIntent(intent.id)) ??
    (await orders.find(Number(intent.metadata?.order_id)));
  return order && intent.metadata?.order_key === order.key ? order : undefined;
}

/**
 * Reads an intent from the processor (never trusting what the browser says of it) and moves its
 * order accordingly.
 */
export async function settleFromProcessor(
  orders: OrdersRepo,
  stripe: Stripe,
  intentId: string,
): Promise<{ order: Order; intent: Stripe.PaymentIntent; outcome: PaymentOutcome } | undefined> {
  const intent = await stripe.paymentIntents.retrieve(intentId);
  const order = await orderOfIntent(orders, intent);
  if (!order) return undefined;
  const outcome = outcomeOf(intent);
  return { order: await settlePayment(orders, order, outcome), intent, outcome };
}

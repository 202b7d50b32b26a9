import type Stripe from 'stripe';
import { outcomeOf, type PaymentOutcome, type VoucherDetails } from './order-payment.ts';

/** What settling needs to know of an order: which it is, its key, and what it costs. */
export interface SettlingOrder {
  id: number;
  key: string;
  total: number;
  status: string;
  paymentIntentId: string | null;
}

/**
 * Where a settled payment changes an order. Payments defines it; checkout's orders implement it
 * and the composition root wires them, so payments never imports checkout. Each mark is a
 * conditional update: whichever path learns of a payment first makes it, the rest change nothing.
 */
export interface OrderLedger<O extends SettlingOrder = SettlingOrder> {
  find(id: number): Promise<O | undefined>;
  findByPaymentIntent(intentId: string): Promise<O | undefined>;
  markPaid(id: number, transactionId: string): Promise<unknown>;
  /** With an intent named: only while the order names it (see `settlesOrder`). */
  markOnHold(id: number, voucher: VoucherDetails | null, intentId?: string): Promise<unknown>;
  /** With an intent named: only while the order names it (see `settlesOrder`). */
  markFailed(id: number, intentId?: string): Promise<unknown>;
}

/** The ledger, and where the shopper goes once an order's payment has gone through. */
export interface SettlementTarget<O extends SettlingOrder = SettlingOrder> extends OrderLedger<O> {
  receivedUrl(order: Pick<SettlingOrder, 'id' | 'key'>): string;
}

/** Moves an order to where its payment stands (every path that learns of a payment). */
export async function settlePayment<O extends SettlingOrder>(
  ledger: OrderLedger<O>,
  order: O,
  outcome: PaymentOutcome,
): Promise<O> {
  switch (outcome.kind) {
    case 'paid':
      await ledger.markPaid(order.id, outcome.intentId);
      break;
    case 'on-hold':
      await ledger.markOnHold(order.id, outcome.voucher, outcome.intentId);
      break;
    case 'failed':
      await ledger.markFailed(order.id, outcome.intentId ?? undefined);
      break;
    default:
      return order;
  }
  return (await ledger.find(order.id)) ?? order;
}

/** The order an intent was made for, when the intent really is that order's. */
async function orderOfIntent<O extends SettlingOrder>(
  ledger: OrderLedger<O>,
  intent: Stripe.PaymentIntent,
): Promise<O | undefined> {
  const order =
    (await ledger.findByPaymentIntent(intent.id)) ??
    (await ledger.find(Number(intent.metadata?.order_id)));
  return order && intent.metadata?.order_key === order.key ? order : undefined;
}

export interface Settled<O> {
  order: O;
  intent: Stripe.PaymentIntent;
  outcome: PaymentOutcome;
}

/**
 * Reads an intent from the processor (never trusting what the browser says of it) and moves its
 * order accordingly.
 */
export async function settleFromProcessor<O extends SettlingOrder>(
  ledger: OrderLedger<O>,
  stripe: Stripe,
  intentId: string,
): Promise<Settled<O> | undefined> {
  const intent = await stripe.paymentIntents.retrieve(intentId);
  const order = await orderOfIntent(ledger, intent);
  if (!order) return undefined;
  const outcome = outcomeOf(intent);
  if (!settlesOrder(order, intent.id, outcome)) return { order, intent, outcome };
  return { order: await settlePayment(ledger, order, outcome), intent, outcome };
}

/**
 * Whether an intent's outcome moves its order. Money taken pays the order whichever of its intents
 * took it; anything else moves it only from the intent it names now, so the late failure (or
 * cancellation) of an earlier attempt never fails an order being paid again.
 */
export function settlesOrder(
  order: Pick<SettlingOrder, 'paymentIntentId'>,
  intentId: string,
  outcome: PaymentOutcome,
): boolean {
  return outcome.kind === 'paid' || order.paymentIntentId === intentId;
}

/**
 * The `si` twin of settling from the processor: an order with nothing to charge (a free trial)
 * is paid once its setup intent has succeeded, and failed when the setup failed. The intent is
 * read from the processor, never taken from the browser's word.
 */
export async function settleSetupFromProcessor<O extends SettlingOrder>(
  ledger: OrderLedger<O>,
  stripe: Stripe,
  setupIntentId: string,
): Promise<{ order: O; intent: Stripe.SetupIntent } | undefined> {
  const intent = await stripe.setupIntents.retrieve(setupIntentId);
  const order = await ledger.find(Number(intent.metadata?.order_id));
  if (!order || intent.metadata?.order_key !== order.key) return undefined;
  if (intent.status === 'succeeded' && order.total === 0)
    await ledger.markPaid(order.id, intent.id);
  else if (intent.status === 'requires_payment_method' && intent.last_setup_error)
    await ledger.markFailed(order.id);
  return { order: (await ledger.find(order.id)) ?? order, intent };
}

/**
 * The browser's word after it authenticated (`update_order_status`, `update_failed_order`):
 * settles the order of a payment or setup intent; one the processor does not know has none.
 */
export async function settleAnyIntent<O extends SettlingOrder>(
  ledger: OrderLedger<O>,
  stripe: Stripe,
  intentId: string,
): Promise<{ order: O } | undefined> {
  try {
    return intentId.startsWith('seti_')
      ? await settleSetupFromProcessor(ledger, stripe, intentId)
      : await settleFromProcessor(ledger, stripe, intentId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return undefined;
    throw error;
  }
}

/**
 * A return to the shop from a challenge or a redirect method (`payment_intent` in the URL): only
 * the order's own intent is settled, read from the processor, never from the URL.
 */
export async function settleReturn<O extends SettlingOrder>(
  ledger: OrderLedger<O>,
  stripe: Stripe,
  order: O,
  intentId: string,
): Promise<Settled<O> | undefined> {
  if (order.paymentIntentId !== intentId) return undefined;
  return settleFromProcessor(ledger, stripe, intentId);
}

export interface WebhookDeps {
  ledger: OrderLedger;
  stripe: Stripe;
  webhookSecret: string;
  /** Records an event's id; false when it was recorded before (a redelivery). */
  recordEvent(event: Stripe.Event): Promise<boolean>;
}

export type WebhookAnswer = { kind: 'invalid' } | { kind: 'received'; duplicate: boolean };

/**
 * A webhook: the signature is checked by the SDK over the raw body, and a payment intent's event
 * settles its order like every other path (read from the processor, a conditional update), so a
 * webhook racing the shopper's return gives one paid order. The event's id is recorded only once
 * it is handled, and a redelivery is handled again: a delivery cut off between the two (its
 * server died) is not lost to the redelivery that follows.
 */
export async function settleWebhook(
  deps: WebhookDeps,
  body: string,
  signature: string,
): Promise<WebhookAnswer> {
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(body, signature, deps.webhookSecret);
  } catch {
    return { kind: 'invalid' };
  }
  if (event.type.startsWith('payment_intent.')) {
    const intent = event.data.object as Stripe.PaymentIntent;
    await settleFromProcessor(deps.ledger, deps.stripe, intent.id);
  }
  return { kind: 'received', duplicate: !(await deps.recordEvent(event)) };
}

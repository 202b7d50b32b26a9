import type Stripe from 'stripe';
import { outcomeOf } from './order-payment.ts';
import { settleFromProcessor, type OrderLedger, type SettlingOrder } from './settlement.ts';

/** Intent statuses in which no money has moved and the intent could still be confirmed. */
const OPEN_STATUSES: readonly string[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

/**
 * Cancels an intent that could still take money (a challenge left open in another tab, say), so
 * nothing is taken for an order given up or paid another way. When the intent moved on meanwhile
 * (the shopper just paid), its new standing.
 */
export async function closeIntent(
  stripe: Stripe,
  intent: Stripe.PaymentIntent,
): Promise<Stripe.PaymentIntent> {
  if (!OPEN_STATUSES.includes(intent.status)) return intent;
  try {
    return await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
  } catch {
    return stripe.paymentIntents.retrieve(intent.id);
  }
}

/**
 * What the intent of a payment attempt that was cut off (its app server died mid-way) means for
 * its order. `settle`: money moved, is moving or was refused: the order is settled from it.
 * `close`: never confirmed, so nothing moved: it is cancelled and the order may go. `gone`:
 * cancelled, nothing will move. `wait`: waiting for the shopper (a challenge, a redirect), which
 * the hold time ends.
 */
export type CutOffStanding = 'settle' | 'close' | 'gone' | 'wait';

export function cutOffStanding(
  intent: Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'>,
): CutOffStanding {
  switch (intent.status) {
    case 'succeeded':
    case 'requires_capture':
    case 'processing':
      return 'settle';
    case 'requires_payment_method':
      return intent.last_payment_error ? 'settle' : 'close';
    case 'requires_confirmation':
      return 'close';
    case 'canceled':
      return 'gone';
    default:
      return 'wait';
  }
}

/**
 * Settles the order of a cut-off attempt from its intent, or cancels the intent when it never got
 * to take money. `nothing-moved`: no money moved and none can, so the order may be released.
 */
export async function settleCutOffIntent<O extends SettlingOrder>(
  ledger: OrderLedger<O>,
  stripe: Stripe,
  intentId: string,
): Promise<'settled' | 'nothing-moved' | 'waiting'> {
  let intent: Stripe.PaymentIntent = await stripe.paymentIntents.retrieve(intentId);
  if (cutOffStanding(intent) === 'close') intent = await closeIntent(stripe, intent);
  const standing = cutOffStanding(intent);
  if (standing === 'settle') {
    await settleFromProcessor(ledger, stripe, intent.id);
    return 'settled';
  }
  return standing === 'gone' ? 'nothing-moved' : 'waiting';
}

/**
 * Pays the order of an intent that took its money, whatever became of the word that should have
 * said so (a webhook lost with the server that took it, a browser closed on the way back).
 * Returns whether the intent had taken money.
 */
export async function settleWhenPaid<O extends SettlingOrder>(
  ledger: OrderLedger<O>,
  stripe: Stripe,
  intentId: string,
): Promise<boolean> {
  const intent = await stripe.paymentIntents.retrieve(intentId);
  if (outcomeOf(intent).kind !== 'paid') return false;
  await settleFromProcessor(ledger, stripe, intent.id);
  return true;
}

import { timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import { ShopError } from '../platform/errors/shop-error.ts';
import { format, messages } from '../platform/messages/index.ts';
import { availableFor, paymentMethods, reusableMethodTypes } from './methods.ts';
import {
  orderIdempotencyKey,
  orderIntentParams,
  paymentErrorText,
  type PayableOrder,
} from './order-payment.ts';

/** What the browser gets back for an intent it is to confirm (seed 001 §7). */
export interface IntentSecret {
  id: string;
  client_secret: string;
}

/** Who asks: the session they carry, its logged-in customer, and the order key they were given, if any. */
export interface Caller {
  sessionId: string | undefined;
  orderKey: string | undefined;
  customerId?: number | null | undefined;
}

/** What an intent call needs to know of the order it pays: who owns it and where it stands. */
export interface IntentOrder extends PayableOrder {
  status: string;
  paymentIntentId: string | null;
  sessionId: string | null;
  customerId: number | null;
  billing: { country: string };
}

/** The orders an intent call reads, and where it notes the order's intent. */
export interface IntentOrders {
  find(id: number): Promise<IntentOrder | undefined>;
  setPaymentIntent(id: number, intentId: string): Promise<void>;
}

export interface IntentDeps {
  stripe: Stripe;
  orders: IntentOrders;
}

/** Statuses in which an intent is still waiting to be paid and may be handed out again. */
const OPEN_STATUSES: readonly string[] = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const orderNotFound = () => new ShopError('order_not_found', messages.orderNotFound, 404);

/** Whether the order is the caller's: they hold its key, their session placed it, or their account did. */
export function isCallersOrder(order: IntentOrder, caller: Caller): boolean {
  const byKey = caller.orderKey !== undefined && sameText(order.key, caller.orderKey);
  const bySession = caller.sessionId !== undefined && order.sessionId === caller.sessionId;
  const byCustomer =
    caller.customerId !== undefined &&
    caller.customerId !== null &&
    order.customerId === caller.customerId;
  return byKey || bySession || byCustomer;
}

/**
 * The order, when it is the caller's (`isCallersOrder`). Anything else is answered as if there
 * were no such order.
 */
export async function callersOrder(
  orders: IntentOrders,
  orderId: number,
  caller: Caller,
): Promise<IntentOrder> {
  const order = await orders.find(orderId);
  if (!order || !isCallersOrder(order, caller)) throw orderNotFound();
  return order;
}

/** An order can get an intent while it waits for its payment: pending, or failed and retried. */
export function assertPayable(order: IntentOrder): void {
  if (order.status !== 'pending' && order.status !== 'failed')
    throw new ShopError(
      'order_not_payable',
      format(messages.orderAwaitingPayment, { status: order.status }),
      409,
    );
  if (order.total <= 0) throw new ShopError('nothing_to_pay', messages.intentNothingToPay, 409);
}

/** The processor's payment method type for a checkout method, when the order's country has it. */
export function orderMethodType(type: string, billingCountry: string): string {
  const method = paymentMethods.find((m) => m.type !== null && m.type === type);
  if (!method || !availableFor(method, billingCountry))
    throw new ShopError('invalid_payment_method_type', messages.noPaymentMethod, 400);
  return type;
}

/** A type a setup intent can save for later (seed 001 §3: the method's isReusable). */
export function setupMethodType(type: string): string {
  if (!reusableMethodTypes.includes(type))
    throw new ShopError('invalid_payment_method_type', messages.noPaymentMethod, 400);
  return type;
}

/** The shop's answer when the processor refuses or cannot be reached: its text, never theirs. */
function processorRefusal(error: unknown): ShopError {
  if (error instanceof ShopError) return error;
  const raw = error as { type?: string; code?: string; statusCode?: number };
  if (raw.statusCode === 404 || raw.code === 'resource_missing')
    return new ShopError('intent_not_found', messages.intentNotForOrder, 404);
  const type = raw.type === 'StripeCardError' ? 'card_error' : raw.type;
  return new ShopError(
    raw.code ?? 'api_error',
    paymentErrorText({ type, code: raw.code }),
    raw.statusCode === 402 ? 402 : 502,
  );
}

function belongsTo(intent: Stripe.PaymentIntent, order: IntentOrder): boolean {
  return intent.metadata?.order_id === String(order.id) && intent.metadata?.order_key === order.key;
}

const secretOf = (intent: { id: string; client_secret: string | null }): IntentSecret => ({
  id: intent.id,
  client_secret: intent.client_secret ?? '',
});

/** The order's intent from an earlier call, when it can still take this order's payment. */
async function openIntentOf(
  stripe: Stripe,
  order: IntentOrder,
): Promise<Stripe.PaymentIntent | null> {
  if (!order.paymentIntentId?.startsWith('pi_')) return null;
  const intent = await stripe.paymentIntents.retrieve(order.paymentIntentId);
  const fits =
    belongsTo(intent, order) &&
    OPEN_STATUSES.includes(intent.status) &&
    intent.amount === order.total &&
    intent.currency === order.currency.toLowerCase();
  return fits ? intent : null;
}

/**
 * `create_payment_intent` for an order: one intent per order. A repeated call hands out the
 * order's open intent again (its method type changed if another was chosen); a new intent is
 * created with an idempotency key derived from the order, so two calls racing get the same one.
 * Nothing is charged here: the browser confirms the intent.
 */
export async function createOrderIntent(
  deps: IntentDeps,
  order: IntentOrder,
  methodType: string,
): Promise<IntentSecret> {
  try {
    const open = await openIntentOf(deps.stripe, order);
    if (open) {
      const types = open.payment_method_types;
      if (types.length === 1 && types[0] === methodType) return secretOf(open);
      const { allowed_payment_method_types } = orderIntentParams(order, methodType);
      return secretOf(
        await deps.stripe.paymentIntents.update(open.id, { allowed_payment_method_types }),
      );
    }
    // After an intent that can no longer be used (cancelled, paid elsewhere), a fresh key.
    const after = order.paymentIntentId ? `-after-${order.paymentIntentId}` : '';
    const intent = await deps.stripe.paymentIntents.create(orderIntentParams(order, methodType), {
      idempotencyKey: orderIdempotencyKey(order, `intent-${methodType}${after}`),
    });
    await deps.orders.setPaymentIntent(order.id, intent.id);
    return secretOf(intent);
  } catch (error) {
    throw processorRefusal(error);
  }
}

export interface IntentUpdate {
  intentId: string;
  savePaymentMethod: boolean;
  /** The method the shopper chose in the payment element; empty keeps the intent's. */
  methodType: string;
}

/**
 * `update_payment_intent` (seed 001 §7): the order's intent takes the order's amount, the chosen
 * method type and, when the shopper asked to save the method, `setup_future_usage`.
 */
export async function updateOrderIntent(
  deps: IntentDeps,
  order: IntentOrder,
  update: IntentUpdate,
): Promise<void> {
  try {
    const intent = await deps.stripe.paymentIntents.retrieve(update.intentId);
    if (!belongsTo(intent, order))
      throw new ShopError('intent_not_found', messages.intentNotForOrder, 404);
    if (!OPEN_STATUSES.includes(intent.status))
      throw new ShopError('intent_not_updatable', messages.intentCannotChange, 409);
    const { amount, currency, allowed_payment_method_types, metadata, description } =
      orderIntentParams(order, update.methodType || intent.payment_method_types[0] || 'card');
    await deps.stripe.paymentIntents.update(intent.id, {
      amount,
      currency,
      metadata,
      description,
      ...(update.methodType && { allowed_payment_method_types }),
      ...(update.savePaymentMethod && { setup_future_usage: 'off_session' as const }),
    });
    await deps.orders.setPaymentIntent(order.id, intent.id);
  } catch (error) {
    throw processorRefusal(error);
  }
}

/**
 * `init_setup_intent` (seed 001 §7): a setup intent to save a payment method of the given type
 * for later, made at the processor through the SDK.
 */
export async function initSetupIntent(stripe: Stripe, methodType: string): Promise<IntentSecret> {
  try {
    const intent = await stripe.setupIntents.create({
      allowed_payment_method_types: [
        methodType as Stripe.SetupIntentCreateParams.AllowedPaymentMethodType,
      ],
      usage: 'off_session',
    });
    return secretOf(intent);
  } catch (error) {
    throw processorRefusal(error);
  }
}

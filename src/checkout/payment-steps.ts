import type { CartService } from '../cart/cart.service.ts';
import type { PaymentMethodInfo } from '../payments/methods.ts';
import { payOrder } from '../payments/order-payment.ts';
import { settlePayment } from '../payments/settlement.ts';
import type { PaymentsConfig } from '../payments/stripe-client.ts';
import { ORDER_PAYMENT_LOCK_MS } from '../platform/constants/index.ts';
import type { Db } from '../platform/db/database.ts';
import type { AppServer } from '../platform/jobs/app-server.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { messages } from '../platform/messages/index.ts';
import type { AttemptLimiter } from '../platform/rate-limit/rate-limit.service.ts';
import type { Session } from '../platform/session/session.ts';
import type { FieldError, ShippingAddress } from '../platform/address/address.ts';
import type { Order } from './order.ts';
import { orderPayRepo } from './order-pay.repo.ts';
import type { OrdersRepo, PaymentLock } from './orders.repo.ts';
import type { Destination } from '../cart/shipping.ts';

// The steps every way of paying for an order shares (the checkout's placeOrder and payForOrder in
// operations.ts, a paid form's direct order): its payment lock, taking the payment, and the
// results and refusals the doors answer.

/**
 * Why a refusal is not an ordinary one, for the doors to answer in their own way: over the
 * card-testing limit (`retryAfterMs` until another attempt is counted), or another payment
 * attempt holds the order.
 */
export type RefusalReason =
  { kind: 'rate_limited'; retryAfterMs: number } | { kind: 'payment_in_progress' };

/**
 * The result of placing or paying for an order. `redirect`: where the browser goes next (the
 * thank-you page, a redirect method's page, or the confirm marker that has it authenticate a
 * card). `session`: the session the shopper goes on with when this checkout opened an account
 * and logged them in (a new id). `reload`: the page's nonces belong to the old session, so the
 * browser reloads the checkout, where the errors wait as notices.
 */
export type CheckoutResult =
  | { result: 'success'; redirect: string; order: Order; session?: Session }
  | {
      result: 'failure';
      messages: string[];
      fieldErrors: FieldError[];
      order?: Order;
      session?: Session;
      reload?: boolean;
      reason?: RefusalReason;
    };

export interface CheckoutDeps {
  db: Db;
  cart: CartService;
  orders: OrdersRepo;
  payments: () => PaymentsConfig;
  accounts: AccountsService;
  /** This app server: whose checkout claims are running. */
  server: AppServer;
  /** Card-testing protection: payment attempts counted per session and IP, on every app server. */
  paymentAttempts: Pick<AttemptLimiter, 'attempt'>;
  /** The nonce a session's browser sends back to `wc_stripe_update_order_status` after a challenge. */
  confirmNonce: (sessionId: string) => string;
}

export function orderReceivedUrl(order: Pick<Order, 'id' | 'key'>): string {
  return `/checkout/order-received/${order.id}/?key=${encodeURIComponent(order.key)}`;
}

export function orderPayUrl(order: Pick<Order, 'id' | 'key'>): string {
  return `/checkout/order-pay/${order.id}/?key=${encodeURIComponent(order.key)}`;
}

export function destinationOf(address: ShippingAddress): Destination {
  const { country, state, postcode, city } = address;
  return { country, state, postcode, city };
}

/** A payment method the order's country has, with what the browser made for it. */
export interface PaymentChoice {
  method: PaymentMethodInfo;
  paymentMethodId: string;
}

/** Who places or pays for an order: their session, their address, where the request came to. */
export interface Visitor {
  sessionId: string | undefined;
  /** The client's address (card-testing limits count per IP). */
  ip: string;
  /** The base of absolute return URLs. */
  origin: string;
}

/**
 * Card-testing protection: a payment with a method that takes a card or makes an intent counts
 * against the same limit as the gateway's intent calls. Over it: the refusal, before anything
 * is created or charged; otherwise nothing.
 */
export async function refusedPaymentAttempt(
  deps: Pick<CheckoutDeps, 'paymentAttempts'>,
  method: PaymentMethodInfo,
  visitor: Visitor,
): Promise<Extract<CheckoutResult, { result: 'failure' }> | undefined> {
  if (!method.type) return undefined;
  const verdict = await deps.paymentAttempts.attempt({
    sessionId: visitor.sessionId,
    ip: visitor.ip,
  });
  if (verdict.allowed) return undefined;
  return {
    result: 'failure',
    messages: [messages.intentRateLimited],
    fieldErrors: [],
    reason: { kind: 'rate_limited', retryAfterMs: verdict.retryAfterMs },
  };
}

/** The refusal of an attempt that finds another one paying the order. */
function paymentInProgress(order: Order): CheckoutResult {
  return {
    result: 'failure',
    messages: [messages.orderPaymentInProgress],
    fieldErrors: [],
    order,
    reason: { kind: 'payment_in_progress' },
  };
}

/**
 * One payment at a time per order: the attempt runs under the order's payment lock (released
 * when it ends, however it ends). Two attempts at once, say from two tabs with different
 * methods, cannot both charge: the one that finds the order locked is refused with the
 * payment-in-progress text, before it changes or charges anything. A lock whose attempt died
 * (its server is gone) is taken over at once.
 */
export async function withPaymentLock(
  deps: Pick<CheckoutDeps, 'db' | 'server'>,
  order: Order,
  attempt: () => Promise<CheckoutResult>,
): Promise<CheckoutResult> {
  const holder = deps.server.startAttempt();
  try {
    const token = await takePaymentLock(deps.db, deps.server, holder, order.id);
    if (!token) return paymentInProgress(order);
    return await whileLocked(deps.db, order.id, token, attempt);
  } finally {
    deps.server.finish(holder);
  }
}

/**
 * A payment lock for an order about to be created by an attempt of this server (`holder`), so
 * the order is never without its attempt's lock: whatever dies, a pending order either names
 * an attempt or has finished one.
 */
export function newPaymentLock(holder: string): PaymentLock {
  return { holder, until: new Date(Date.now() + ORDER_PAYMENT_LOCK_MS).toISOString() };
}

/**
 * The order's payment lock for this attempt (`holder`), taken when free or run out, or taken
 * over from an attempt that died (its server is gone). Its token, or null while another
 * attempt runs.
 */
export async function takePaymentLock(
  db: Db,
  server: AppServer,
  holder: string,
  orderId: number,
): Promise<string | null> {
  const repo = orderPayRepo(db);
  const nowMs = Date.now();
  const token = await repo.lockPayment(orderId, nowMs, ORDER_PAYMENT_LOCK_MS, holder);
  if (token) return token;
  const current = await repo.paymentLockHolder(orderId, nowMs);
  if (!current || (await server.isRunning(current))) return null;
  return repo.takeOverPayment(orderId, current, nowMs, ORDER_PAYMENT_LOCK_MS, holder);
}

/** Runs the attempt under the lock whose token it holds, released however it ends. */
export async function whileLocked<T>(
  db: Db,
  orderId: number,
  token: string,
  attempt: () => Promise<T>,
): Promise<T> {
  try {
    return await attempt();
  } finally {
    await orderPayRepo(db).unlockPayment(orderId, token);
  }
}

/**
 * Takes payment for an unpaid order (at checkout and on the order-pay page; the caller holds the
 * order's payment lock) and says where the browser goes next: the thank-you page, a redirect method's page, or the confirm hash marker
 * that has the browser authenticate a card (seed 001 §2).
 */
export async function takePayment(
  deps: CheckoutDeps,
  order: Order,
  method: PaymentMethodInfo,
  input: {
    paymentMethodId: string;
    blikCode: string;
    origin: string;
    sessionId: string | null;
    /** The nonce the browser sends back to `wc_stripe_update_order_status` after authenticating. */
    confirmNonce: string;
    /** Where a challenge or redirect method comes back to: the thank-you page unless given. */
    returnUrl?: string;
  },
): Promise<CheckoutResult> {
  const outcome = await payOrder(deps.payments().stripe, order, method, {
    paymentMethodId: input.paymentMethodId,
    returnUrl: new URL(input.returnUrl ?? orderReceivedUrl(order), input.origin).href,
    blikCode: input.blikCode,
    recordIntent: (intentId) => deps.orders.setPaymentIntent(order.id, intentId),
  });
  const settled = await settlePayment(deps.orders, order, outcome);
  if (outcome.kind === 'failed')
    return { result: 'failure', messages: [outcome.message], fieldErrors: [], order: settled };
  if (outcome.kind === 'paid' || outcome.kind === 'on-hold') {
    if (input.sessionId) await deps.cart.empty(input.sessionId);
    return { result: 'success', redirect: orderReceivedUrl(order), order: settled };
  }
  if (outcome.kind === 'redirect')
    return { result: 'success', redirect: outcome.url, order: settled };
  return {
    result: 'success',
    redirect: `#wc-stripe-confirm-pi:${order.id}:${outcome.clientSecret}:${input.confirmNonce}`,
    order: settled,
  };
}

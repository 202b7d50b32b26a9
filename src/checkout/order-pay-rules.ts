import { offeredMethod } from '../payments/methods.ts';
import { settleFromProcessor, settleReturn } from '../payments/settlement.ts';
import { ShopError } from '../platform/errors/shop-error.ts';
import { MAX_RECORD_ID } from '../platform/constants/index.ts';
import { format, messages } from '../platform/messages/index.ts';
import { statusName, type Order, type OrderStatus } from './order.ts';
import { orderPayRepo } from './order-pay.repo.ts';
import {
  orderPayUrl,
  orderReceivedUrl,
  takePayment,
  type CheckoutDeps,
  type CheckoutResult,
  type PaymentChoice,
} from './payment-steps.ts';

/** An order-pay attempt's request: the session paying, and where the browser comes back to. */
export interface OrderPayAttempt {
  origin: string;
  /** The nonce the browser sends back to `wc_stripe_update_order_status`. */
  confirmNonce: string;
  /** The visitor's session; its cart is emptied only when that session placed the order. */
  sessionId: string | null;
  blikCode: string;
  /** Where a challenge comes back to: the order-pay page unless said (a paid form's page). */
  returnUrl?: string;
}

/**
 * What the order-pay page can do for an order: take payment (pending or failed, WooCommerce's
 * `needs_payment`), or only say why not.
 */
export type PayStanding = 'payable' | 'paid' | 'awaiting' | 'cancelled';

export function payStanding(status: OrderStatus): PayStanding {
  switch (status) {
    case 'pending':
    case 'failed':
      return 'payable';
    case 'processing':
    case 'completed':
      return 'paid';
    case 'on-hold':
      return 'awaiting';
    case 'cancelled':
    case 'refunded':
      return 'cancelled';
  }
}

/** WooCommerce's `needs_payment`: an order still waiting for its money, which its customer may pay. */
export function needsPayment(status: OrderStatus): boolean {
  return payStanding(status) === 'payable';
}

/**
 * The notice for an order that cannot be paid for here. "Already paid" only where money arrived:
 * a cash-on-delivery order is processing before it is paid, so it hears its status instead.
 */
export function standingNotice(order: Pick<Order, 'status' | 'paidAt'>): string {
  const standing = payStanding(order.status);
  if (standing === 'paid' && order.paidAt) return messages.orderPayAlreadyPaid;
  if (standing === 'awaiting') return messages.orderPayAwaitingPayment;
  return format(messages.orderAwaitingPayment, { status: statusName(order.status) });
}

/** An order id from the URL: a positive integer, or nothing. */
export function orderIdParam(value: string | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= MAX_RECORD_ID ? id : null;
}

/** The method preselected on the page: the order's own when still offered, else the first. */
export function defaultMethodFor(order: Pick<Order, 'paymentMethod' | 'billing'>): string {
  return offeredMethod(order.billing.country, order.paymentMethod);
}

/** The order-pay attempt under the order's payment lock: reopen, choose the method, pay. */
export async function payLocked(
  deps: CheckoutDeps,
  order: Order,
  choice: PaymentChoice,
  request: OrderPayAttempt,
): Promise<CheckoutResult> {
  const repo = orderPayRepo(deps.db);
  try {
    await repo.reopen(order.id);
  } catch (error) {
    if (error instanceof ShopError)
      return { result: 'failure', messages: [error.message], fieldErrors: [], order };
    throw error;
  }
  await repo.setPaymentMethod(order.id, choice.method);
  const current = (await deps.orders.find(order.id)) ?? order;
  if (payStanding(current.status) !== 'payable')
    return { result: 'success', redirect: orderReceivedUrl(current), order: current };
  const ownSession = request.sessionId && request.sessionId === order.sessionId;

  if (!choice.method.type) {
    await deps.orders.acceptOffline(order.id);
    const accepted = (await deps.orders.find(order.id)) ?? current;
    if (ownSession) await deps.cart.empty(request.sessionId!);
    return { result: 'success', redirect: orderReceivedUrl(accepted), order: accepted };
  }
  const result = await takePayment(deps, current, choice.method, {
    paymentMethodId: choice.paymentMethodId,
    blikCode: request.blikCode,
    origin: request.origin,
    sessionId: ownSession ? request.sessionId : null,
    confirmNonce: request.confirmNonce,
    returnUrl: request.returnUrl ?? orderPayUrl(order),
  });
  const paidIntent = result.order?.paymentIntentId;
  if (result.result === 'success' && result.redirect === orderReceivedUrl(order) && paidIntent)
    return { ...result, order: await keepPaid(deps, result.order, paidIntent) };
  return result;
}

/**
 * A late answer about an earlier attempt (the declined checkout's webhook, say) can fail the
 * reopened order again while this payment goes through. The money is taken, so the order is
 * reopened once more, past its stock if need be, and settled from the processor again.
 */
async function keepPaid(deps: CheckoutDeps, order: Order, intentId: string): Promise<Order> {
  if (order.status !== 'failed') return order;
  await orderPayRepo(deps.db).reopen(order.id, { force: true });
  const settled = await settleFromProcessor(deps.orders, deps.payments().stripe, intentId);
  return settled?.order ?? order;
}

/** Where a return from a card challenge or a redirect method leaves the order-pay page. */
export type OrderPayReturn =
  | { kind: 'paid'; order: Order; redirect: string }
  | { kind: 'failed'; order: Order; message: string }
  | { kind: 'unchanged'; order: Order };

/**
 * Back on the order-pay page from a challenge or a redirect method (`payment_intent` in the
 * URL): the intent is read from the processor, never from the URL, and the order moved. Paid or
 * on its way goes to the thank-you page; a failure stays here with the catalogue's text.
 */
export async function finishOrderPayReturn(
  deps: CheckoutDeps,
  order: Order,
  intentId: string,
): Promise<OrderPayReturn> {
  const settled = await settleReturn(deps.orders, deps.payments().stripe, order, intentId);
  if (!settled) return { kind: 'unchanged', order };
  const { outcome } = settled;
  if (outcome.kind === 'failed')
    return { kind: 'failed', order: settled.order, message: outcome.message };
  if (outcome.kind === 'paid' || outcome.kind === 'on-hold') {
    const kept = await keepPaid(deps, settled.order, intentId);
    return { kind: 'paid', order: kept, redirect: orderReceivedUrl(kept) };
  }
  return { kind: 'unchanged', order: settled.order };
}

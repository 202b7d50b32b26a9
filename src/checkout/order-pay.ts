import { availableFor, paymentMethodById, paymentMethods } from '../payments/methods.ts';
import type { PaymentMethodInfo } from '../payments/methods.ts';
import { settleFromProcessor, settleReturn } from '../payments/settlement.ts';
import { ShopError } from '../platform/errors/shop-error.ts';
import { MAX_RECORD_ID } from '../platform/constants/index.ts';
import { format, messages } from '../platform/messages/index.ts';
import { statusName, type Order, type OrderStatus } from './order.ts';
import { orderPayRepo } from './order-pay.repo.ts';
import {
  formText,
  orderPayUrl,
  orderReceivedUrl,
  payForOrder,
  refusedPaymentAttempt,
  withPaymentLock,
  type CheckoutDeps,
  type CountPaymentAttempt,
  type CheckoutResult,
} from './place-order.ts';
import { termsRefusal } from './terms.ts';

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
  const offered = paymentMethods.filter((m) => availableFor(m, order.billing.country));
  return offered.some((m) => m.id === order.paymentMethod)
    ? order.paymentMethod
    : (offered[0]?.id ?? '');
}

interface PaymentChoice {
  method: PaymentMethodInfo;
  paymentMethodId: string;
}

/** The chosen method, checked against the order's billing country and the browser's work. */
export function choosePayment(
  form: Record<string, unknown>,
  order: Pick<Order, 'total' | 'billing'>,
): PaymentChoice | string {
  if (order.total === 0) return { method: paymentMethodById('cod')!, paymentMethodId: '' };
  const method = paymentMethodById(formText(form, 'payment_method'));
  if (!method || !availableFor(method, order.billing.country)) return messages.noPaymentMethod;
  const paymentMethodId = formText(form, 'wc-stripe-payment-method');
  if (method.type && !/^pm_\w+$/.test(paymentMethodId)) return messages.cardPaymentNeedsJs;
  return { method, paymentMethodId };
}

const failure = (text: string, order?: Order): CheckoutResult => ({
  result: 'failure',
  messages: [text],
  fieldErrors: [],
  ...(order && { order }),
});

export interface OrderPayRequest {
  origin: string;
  /** The nonce the browser sends back to `wc_stripe_update_order_status`. */
  confirmNonce: string;
  /** The visitor's session; its cart is emptied only when that session placed the order. */
  sessionId: string | null;
  /** The visitor's payment attempts, counted per session and IP (card-testing protection). */
  countPaymentAttempt: CountPaymentAttempt;
}

/**
 * Pays for an existing order from the order-pay form (WooCommerce's `pay_action`): an order that
 * needs no payment sends the shopper to its thank-you page without a charge; otherwise terms,
 * method and billing country are checked, a payment that takes a card or makes an intent counts
 * against the card-testing limit, a failed order is reopened (its stock taken again), and
 * payment goes through `payForOrder` with an idempotency key derived from the order, so a
 * double submit charges once. Card challenges and redirect methods come back to this page.
 */
export async function payExistingOrder(
  deps: CheckoutDeps,
  order: Order,
  form: Record<string, unknown>,
  request: OrderPayRequest,
): Promise<CheckoutResult> {
  const standing = payStanding(order.status);
  if (standing === 'paid' || standing === 'awaiting')
    return { result: 'success', redirect: orderReceivedUrl(order), order };
  if (standing === 'cancelled') return failure(standingNotice(order), order);
  const terms = termsRefusal(form);
  if (terms) return failure(terms, order);
  const choice = choosePayment(form, order);
  if (typeof choice === 'string') return failure(choice, order);
  const refused = await refusedPaymentAttempt(choice.method, request.countPaymentAttempt);
  if (refused) return { ...refused, order };

  return withPaymentLock(deps, order, () => payLocked(deps, order, form, choice, request));
}

/** The order-pay attempt under the order's payment lock: reopen, choose the method, pay. */
async function payLocked(
  deps: CheckoutDeps,
  order: Order,
  form: Record<string, unknown>,
  choice: PaymentChoice,
  request: OrderPayRequest,
): Promise<CheckoutResult> {
  const repo = orderPayRepo(deps.db);
  try {
    await repo.reopen(order.id);
  } catch (error) {
    if (error instanceof ShopError) return failure(error.message, order);
    throw error;
  }
  await repo.setPaymentMethod(order.id, choice.method);
  const current = (await deps.orders.find(order.id)) ?? order;
  if (payStanding(current.status) !== 'payable')
    return { result: 'success', redirect: orderReceivedUrl(current), order: current };
  const ownSession = request.sessionId && request.sessionId === order.sessionId;

  if (!choice.method.type) {
    await repo.acceptOffline(order.id);
    const accepted = (await deps.orders.find(order.id)) ?? current;
    if (ownSession) await deps.cart.empty(request.sessionId!);
    return { result: 'success', redirect: orderReceivedUrl(accepted), order: accepted };
  }
  const result = await payForOrder(deps, current, choice.method, {
    paymentMethodId: choice.paymentMethodId,
    blikCode: formText(form, 'wc-stripe-blik-code'),
    origin: request.origin,
    sessionId: ownSession ? request.sessionId : null,
    confirmNonce: request.confirmNonce,
    returnUrl: orderPayUrl(order),
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

import { paymentMethodById } from '../payments/methods.ts';
import { ShopError } from '../platform/errors/shop-error.ts';
import type { Money } from '../platform/money/money.ts';
import type { BillingAddress } from '../platform/address/address.ts';
import { isPaid, type Order, type OrderSource } from './order.ts';
import { finishOrderPayReturn, payLocked } from './order-pay-rules.ts';
import { withPaymentLock, type CheckoutDeps, type RefusalReason } from './payment-steps.ts';

/**
 * Orders that do not come from the cart (issue 13): what a paid form charges for becomes an order
 * of the shop, placed and paid through the checkout's own steps (the order's payment lock, the
 * card-payment path of the order-pay page, settlement), so the owner sees it beside the cart's
 * orders and the customer gets the order's mails. Checkout knows nothing of forms: the order only
 * names where it came from.
 */
export interface DirectOrderLine {
  name: string;
  quantity: number;
  unitPrice: Money;
  total: Money;
}

export interface DirectOrderInput {
  currency: string;
  billing: BillingAddress;
  lines: DirectOrderLine[];
  /** Coupon codes already checked against the shop's rules; each use is taken with the order. */
  coupons: string[];
  discountTotal: Money;
  customerNote: string;
  source: Extract<OrderSource, { kind: 'form' }>;
}

/** The card method: the only way a direct order is paid. */
function cardMethod() {
  return paymentMethodById('stripe')!;
}

/**
 * Places an unpaid order for the given lines (no stock: they are not catalogue products). A coupon
 * whose last use went meanwhile refuses with the shop's text.
 */
export async function placeDirectOrder(
  deps: Pick<CheckoutDeps, 'orders'>,
  input: DirectOrderInput,
): Promise<{ order: Order } | { refused: string }> {
  const subtotal = input.lines.reduce((sum, line) => sum + line.total, 0);
  const method = cardMethod();
  try {
    const order = await deps.orders.create(
      {
        currency: input.currency,
        billing: input.billing,
        shippingAddress: null,
        shippingMethod: null,
        paymentMethod: method.id,
        paymentMethodTitle: method.title,
        customerNote: input.customerNote,
        lines: input.lines.map((line) => ({
          productId: null,
          name: line.name,
          sku: '',
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          subtotal: line.total,
          total: line.total,
        })),
        subtotal,
        discountTotal: input.discountTotal,
        shippingTotal: 0,
        taxTotal: 0,
        total: subtotal - input.discountTotal,
        coupons: input.coupons,
        source: input.source,
      },
      null,
      'pending',
    );
    return { order };
  } catch (error) {
    if (error instanceof ShopError) return { refused: error.message };
    throw error;
  }
}

/** Where a direct order's card payment stands after an attempt. */
export type DirectPayment =
  | { kind: 'paid'; order: Order }
  | { kind: 'authenticate'; order: Order; clientSecret: string }
  | { kind: 'failed'; order: Order | undefined; message: string; reason?: RefusalReason };

export interface DirectPaymentInput {
  /** The card the browser made at the processor (`pm_…`). */
  paymentMethodId: string;
  /** The shop's origin, for absolute URLs. */
  origin: string;
  /** Where a card challenge comes back to. */
  returnUrl: string;
}

const CONFIRM_MARKER = /^#wc-stripe-confirm-pi:\d+:([^:]+):/;

/**
 * Charges a direct order's card, as the order-pay page does: under the order's payment lock (a
 * double submit charges once), a failed order reopened first (a declined card may be followed by
 * another), the intent's idempotency key derived from the order and the card.
 */
export async function payDirectOrder(
  deps: CheckoutDeps,
  order: Order,
  input: DirectPaymentInput,
): Promise<DirectPayment> {
  const choice = { method: cardMethod(), paymentMethodId: input.paymentMethodId };
  const result = await withPaymentLock(deps, order, () =>
    payLocked(deps, order, choice, {
      origin: input.origin,
      confirmNonce: '',
      sessionId: null,
      blikCode: '',
      returnUrl: input.returnUrl,
    }),
  );
  if (result.result === 'failure')
    return {
      kind: 'failed',
      order: result.order,
      message: result.messages[0] ?? '',
      ...(result.reason && { reason: result.reason }),
    };
  const current = result.order;
  if (isPaid(current.status) || current.status === 'on-hold')
    return { kind: 'paid', order: current };
  const secret = CONFIRM_MARKER.exec(result.redirect)?.[1];
  if (secret) return { kind: 'authenticate', order: current, clientSecret: secret };
  return { kind: 'failed', order: current, message: '' };
}

/**
 * Back from a card challenge: the order's own intent is read from the processor (never from the
 * browser) and the order settled, exactly as on the order-pay page.
 */
export async function finishDirectOrderPayment(
  deps: CheckoutDeps,
  order: Order,
  intentId: string,
): Promise<DirectPayment> {
  const settled = await finishOrderPayReturn(deps, order, intentId);
  if (settled.kind === 'paid') return { kind: 'paid', order: settled.order };
  if (settled.kind === 'failed')
    return { kind: 'failed', order: settled.order, message: settled.message };
  return { kind: 'failed', order: settled.order, message: '' };
}

/**
 * Gives up an unpaid direct order (replaced by a new one for changed items, or one that lost a
 * race to be an entry's order): its intent is cancelled at the processor when it can still take
 * money (a challenge left open in another tab), then the order is cancelled.
 */
export async function cancelDirectOrder(deps: CheckoutDeps, order: Order): Promise<void> {
  if (order.paymentIntentId?.startsWith('pi_')) {
    try {
      await deps.payments().stripe.paymentIntents.cancel(order.paymentIntentId);
    } catch {
      // Already finished (failed, cancelled): nothing left to stop.
    }
  }
  await deps.orders.cancelUnpaid(order.id);
}

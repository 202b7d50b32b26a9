import type { CartTotals } from '../cart/cart-contents.ts';
import type { VoucherDetails } from '../payments/order-payment.ts';
import { messages } from '../platform/messages/index.ts';
import type { Money } from '../platform/money/money.ts';
import type { BillingAddress } from '../platform/address/address.ts';
import type { OrderAttribution } from '../content/attribution.ts';

export type OrderStatus =
  'pending' | 'processing' | 'on-hold' | 'completed' | 'failed' | 'cancelled' | 'refunded';

export interface OrderLine {
  /** The catalogue product; null for an item that is none (a paid form's item). */
  productId: number | null;
  name: string;
  sku: string;
  quantity: number;
  unitPrice: Money;
  subtotal: Money;
  total: Money;
}

export type { VoucherDetails };

export interface OrderDraft {
  currency: string;
  billing: BillingAddress;
  /** Where it ships: the shipping address, or the billing one when not shipping elsewhere. */
  shippingAddress: Record<string, string> | null;
  shippingMethod: { id: string; title: string } | null;
  paymentMethod: string;
  paymentMethodTitle: string;
  customerNote: string;
  lines: OrderLine[];
  subtotal: Money;
  discountTotal: Money;
  shippingTotal: Money;
  taxTotal: Money;
  total: Money;
  coupons: string[];
  /** Where the shopper came from, kept with the order when tracking was allowed. */
  attribution?: OrderAttribution | null;
  /** Where the order came from: the cart's checkout unless said (a paid form names its entry). */
  source?: OrderSource;
}

/** Where an order came from: the checkout of a cart, or a form entry that was paid for. */
export type OrderSource = { kind: 'checkout' } | { kind: 'form'; ref: string };

export interface Order extends OrderDraft {
  source: OrderSource;
  id: number;
  key: string;
  status: OrderStatus;
  transactionId: string | null;
  paymentIntentId: string | null;
  voucher: VoucherDetails | null;
  /** The visitor session that placed it (whose cart it emptied). */
  sessionId: string | null;
  /** The customer logged in when it was placed, or null for a guest. */
  customerId: number | null;
  createdAt: string;
  paidAt: string | null;
}

/** An order's lines and totals, copied from the priced cart at the moment of checkout. */
export function draftOrder(
  totals: CartTotals,
  details: Pick<
    OrderDraft,
    'billing' | 'shippingAddress' | 'paymentMethod' | 'paymentMethodTitle' | 'customerNote'
  >,
  /** The shop's currency when the order is placed (ISO 4217). */
  currency: string,
): OrderDraft {
  return {
    ...details,
    currency,
    lines: totals.lines.map(({ item, product, unitPrice, subtotal }) => ({
      productId: product.id,
      name: Object.keys(item.variation).length > 0 ? `${product.name}` : product.name,
      sku: product.sku,
      quantity: item.quantity,
      unitPrice,
      subtotal,
      total: subtotal,
    })),
    shippingMethod: totals.shippingRate
      ? { id: totals.shippingRate.id, title: totals.shippingRate.label }
      : null,
    subtotal: totals.subtotal,
    discountTotal: totals.discountTotal,
    shippingTotal: totals.shippingTotal,
    taxTotal: totals.taxTotal,
    total: totals.total,
    coupons: totals.coupons.map((c) => c.code),
  };
}

/**
 * WooCommerce's cart hash: whether an order is of the same cart as a checkout's draft (the same
 * lines, coupons, currency and total). The session's order awaiting payment is resumed by a
 * checkout of the same cart; a changed cart is a new order.
 */
export function sameCart(
  order: Pick<OrderDraft, 'lines' | 'coupons' | 'currency' | 'total'>,
  draft: Pick<OrderDraft, 'lines' | 'coupons' | 'currency' | 'total'>,
): boolean {
  const hash = (o: typeof order) =>
    JSON.stringify([
      o.currency,
      o.total,
      o.coupons,
      o.lines.map((line) => [line.productId, line.name, line.quantity, line.total]),
    ]);
  return hash(order) === hash(draft);
}

/** Paid orders that need no further action by the shopper. */
export function isPaid(status: OrderStatus): boolean {
  return status === 'processing' || status === 'completed';
}

/**
 * WooCommerce's name for a status (`wc_get_order_status_name`), as the shopper reads it. A
 * cash-on-delivery order is `Processing` before its money arrives: never call it paid.
 */
export function statusName(status: OrderStatus): string {
  return messages.orderStatusNames[status];
}

/** Whether an order may move from one status to another; a paid order never goes back. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  if (from === to) return false;
  if (isPaid(from)) return to === 'completed' || to === 'cancelled';
  if (from === 'cancelled' || from === 'refunded') return false;
  return true;
}

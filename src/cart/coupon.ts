import { format, messages } from '../platform/messages/index.ts';
import { percentOf, type Money } from '../platform/money/money.ts';
import { ShopError } from '../platform/errors/shop-error.ts';

export interface Coupon {
  code: string;
  discountType: 'percent' | 'fixed_cart';
  /** percent: whole percent; fixed_cart: minor units. */
  amount: number;
  expiresAt: string | null;
  minimumSpend: Money | null;
  usageLimit: number | null;
  usageCount: number;
  usageLimitPerCustomer: number | null;
  individualUse: boolean;
}

/** Coupon codes are case-insensitive; the shop stores them upper-case. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Throws a ShopError when the coupon cannot apply to a cart with this subtotal now. */
export function assertCouponApplies(
  coupon: Coupon | undefined,
  code: string,
  subtotal: Money,
  now: Date,
): Coupon {
  if (!coupon) throw new ShopError('coupon_not_found', format(messages.couponNotExist, { code }));
  if (coupon.expiresAt !== null && new Date(coupon.expiresAt) <= now) {
    throw new ShopError('coupon_expired', messages.couponExpired);
  }
  return coupon;
}

/** The discount a coupon gives on a subtotal, never more than the subtotal. */
export function couponDiscount(coupon: Coupon, subtotal: Money): Money {
  const discount =
    coupon.discountType === 'percent' ? percentOf(subtotal, coupon.amount) : coupon.amount;
  return Math.min(Math.max(discount, 0), subtotal);
}

import { isEmailAddress } from '../platform/mail/email-address.ts';
import { format, messages } from '../platform/messages/index.ts';
import { formatMoney, percentOf, type Money, type MoneyFormat } from '../platform/money/money.ts';
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

/** The ShopError codes of coupon refusals; the Store API answers them under its own codes. */
export const COUPON_ERRORS = {
  codeRequired: 'coupon_code_required',
  notFound: 'coupon_not_found',
  expired: 'coupon_expired',
  minimumSpend: 'coupon_minimum_spend',
  usageLimit: 'coupon_usage_limit_reached',
  alreadyApplied: 'coupon_already_applied',
  individualUse: 'coupon_individual_use_only',
  notCombinable: 'coupon_not_combinable',
  removeProblem: 'coupon_remove_problem',
  notApplied: 'coupon_not_applied',
} as const;

const couponErrorCodes = new Set<string>(Object.values(COUPON_ERRORS));

export function isCouponError(error: unknown): error is ShopError {
  return error instanceof ShopError && isCouponErrorCode(error.code);
}

export function isCouponErrorCode(code: string): boolean {
  return couponErrorCodes.has(code);
}

/** Why a coupon the cart holds gives no discount right now. */
export interface CouponRefusal {
  code: string;
  message: string;
}

/** Coupon codes are case-insensitive; the shop stores them upper-case. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The code a shopper typed, normalised; the empty code is refused. */
export function requireCouponCode(code: string): string {
  const normalised = normaliseCouponCode(code);
  if (normalised === '') throw new ShopError(COUPON_ERRORS.codeRequired, messages.couponEnterCode);
  return normalised;
}

/**
 * A billing email as per-customer limits compare it (trimmed, lower-case), or undefined when
 * there is none worth looking up: as WooCommerce, an invalid email is ignored.
 */
export function customerEmail(email: string | undefined): string | undefined {
  const trimmed = email?.trim().toLowerCase() ?? '';
  return isEmailAddress(trimmed) ? trimmed : undefined;
}

/** WooCommerce's limits: null or 0 means no limit. */
function hasLimit(limit: number | null): limit is number {
  return limit !== null && limit > 0;
}

export function hasCustomerLimit(coupon: Coupon): boolean {
  return hasLimit(coupon.usageLimitPerCustomer);
}

/** Expired once the moment has passed; an expiry that cannot be read counts as passed. */
export function isExpired(coupon: Coupon, now: Date): boolean {
  if (coupon.expiresAt === null) return false;
  const expires = Date.parse(coupon.expiresAt);
  return Number.isNaN(expires) || now.getTime() > expires;
}

export interface CouponCheck {
  /** The cart subtotal (before discounts) that a minimum spend is compared with. */
  subtotal: Money;
  now: Date;
  /**
   * Earlier orders by this customer (billing email) that used the coupon, when the email is
   * known; without it the per-customer limit waits for checkout.
   */
  customerUses?: number | undefined;
  /** How the shop writes a minimum spend in its refusal (the default format unless given). */
  money?: MoneyFormat | undefined;
}

/** Refuses a customer who has used the coupon as often as it allows. */
export function assertCustomerUsage(coupon: Coupon, customerUses: number): void {
  if (hasLimit(coupon.usageLimitPerCustomer) && customerUses >= coupon.usageLimitPerCustomer) {
    throw new ShopError(COUPON_ERRORS.usageLimit, messages.couponUsageLimitReached);
  }
}

/**
 * Whether a coupon can discount a cart now, in WooCommerce's order of checks: it exists, its
 * usage limits, its expiry, the minimum spend. Throws the refusal; returns the coupon.
 */
export function assertCouponValid(
  coupon: Coupon | undefined,
  code: string,
  check: CouponCheck,
): Coupon {
  if (!coupon)
    throw new ShopError(COUPON_ERRORS.notFound, format(messages.couponNotExist, { code }));
  if (hasLimit(coupon.usageLimit) && coupon.usageCount >= coupon.usageLimit) {
    throw new ShopError(COUPON_ERRORS.usageLimit, messages.couponUsageLimitReached);
  }
  if (check.customerUses !== undefined) assertCustomerUsage(coupon, check.customerUses);
  if (isExpired(coupon, check.now))
    throw new ShopError(COUPON_ERRORS.expired, messages.couponExpired);
  if (hasLimit(coupon.minimumSpend) && check.subtotal < coupon.minimumSpend) {
    throw new ShopError(
      COUPON_ERRORS.minimumSpend,
      format(messages.couponMinimumSpend, {
        amount: formatMoney(coupon.minimumSpend, check.money),
      }),
    );
  }
  return coupon;
}

/**
 * Adds a valid coupon to the cart's codes. Refused when it is already there, and when it would
 * combine with an individual-use coupon: another one already applied, or this one joining others.
 * `applied` are the coupons the cart already holds.
 */
export function addCouponCode(
  codes: readonly string[],
  coupon: Coupon,
  applied: readonly Coupon[],
): string[] {
  if (codes.includes(coupon.code)) {
    throw new ShopError(COUPON_ERRORS.alreadyApplied, messages.couponAlreadyApplied);
  }
  const alone = applied.find((other) => other.individualUse && other.code !== coupon.code);
  if (alone) {
    throw new ShopError(
      COUPON_ERRORS.individualUse,
      format(messages.couponIndividualUseOnly, { code: alone.code }),
    );
  }
  if (coupon.individualUse && applied.some((other) => other.code !== coupon.code)) {
    throw new ShopError(
      COUPON_ERRORS.notCombinable,
      format(messages.couponNotCombinable, { code: coupon.code }),
    );
  }
  return [...codes, coupon.code];
}

/** Takes a code off the cart; refused when it is empty or not on the cart. */
export function removeCouponCode(codes: readonly string[], code: string): string[] {
  const wanted = normaliseCouponCode(code);
  if (wanted === '') throw new ShopError(COUPON_ERRORS.removeProblem, messages.couponRemoveProblem);
  if (!codes.includes(wanted)) {
    throw new ShopError(COUPON_ERRORS.notApplied, messages.couponNotApplied, 409);
  }
  return codes.filter((applied) => applied !== wanted);
}

/**
 * The cart's coupons as pricing sees them now: those that still discount, in the cart's order,
 * and why each of the others does not (gone, used up, expired, or the minimum spend no longer met
 * after a change). A refused coupon stays on the cart and discounts again once it applies.
 */
export function usableCoupons(
  codes: readonly string[],
  coupons: readonly Coupon[],
  subtotal: Money,
  now: Date,
  money?: MoneyFormat,
): { usable: Coupon[]; refused: CouponRefusal[] } {
  const byCode = new Map(coupons.map((coupon) => [coupon.code, coupon]));
  const usable: Coupon[] = [];
  const refused: CouponRefusal[] = [];
  for (const code of codes) {
    try {
      usable.push(assertCouponValid(byCode.get(code), code, { subtotal, now, money }));
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      refused.push({ code, message: error.message });
    }
  }
  return { usable, refused };
}

/** The moment the first of these coupons expires (ms since the epoch), if any does. */
export function firstExpiry(coupons: readonly Coupon[]): number | undefined {
  const moments = coupons.flatMap((coupon) =>
    coupon.expiresAt === null ? [] : [Date.parse(coupon.expiresAt)],
  );
  return moments.length > 0 ? Math.min(...moments) : undefined;
}

/** The discount a coupon gives on a subtotal, never more than the subtotal. */
export function couponDiscount(coupon: Coupon, subtotal: Money): Money {
  const discount =
    coupon.discountType === 'percent' ? percentOf(subtotal, coupon.amount) : coupon.amount;
  return Math.min(Math.max(discount, 0), subtotal);
}

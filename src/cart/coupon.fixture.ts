import type { Coupon } from './coupon.ts';

/** A coupon for domain tests: SAVE10 (10 % off, no limits) unless told otherwise. */
export function makeCoupon(overrides: Partial<Coupon> = {}): Coupon {
  return {
    code: 'SAVE10',
    discountType: 'percent',
    amount: 10,
    expiresAt: null,
    minimumSpend: null,
    usageLimit: null,
    usageCount: 0,
    usageLimitPerCustomer: null,
    individualUse: false,
    ...overrides,
  };
}

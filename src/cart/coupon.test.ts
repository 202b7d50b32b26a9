import { describe, expect, it } from 'vitest';
import { ShopError } from '../platform/errors/shop-error.ts';
import {
  addCouponCode,
  assertCouponValid,
  assertCustomerUsage,
  couponDiscount,
  customerEmail,
  firstExpiry,
  isCouponError,
  isExpired,
  normaliseCouponCode,
  removeCouponCode,
  requireCouponCode,
  usableCoupons,
} from './coupon.ts';
import { makeCoupon } from './coupon.fixture.ts';

const coupon = makeCoupon;

const save10 = coupon();
const flat5 = coupon({ code: 'FLAT5', discountType: 'fixed_cart', amount: 500 });
const solo = coupon({ code: 'SOLO', individualUse: true });
const now = new Date('2025-06-01T12:00:00.000Z');

/** The refusal a rule throws, as [code, message]; undefined when it passes. */
function refusal(run: () => unknown): [string, string] | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ShopError) return [error.code, error.message];
    throw error;
  }
  return undefined;
}

describe('coupon codes', () => {
  it('are case-insensitive: trimmed and upper-cased', () => {
    expect(normaliseCouponCode('  save10 ')).toBe('SAVE10');
    expect(normaliseCouponCode('Flat5')).toBe('FLAT5');
    expect(requireCouponCode(' save10')).toBe('SAVE10');
  });

  it('refuses the empty code, and one of spaces only', () => {
    for (const code of ['', '   ', '\t']) {
      expect(refusal(() => requireCouponCode(code))).toEqual([
        'coupon_code_required',
        'Please enter a coupon code.',
      ]);
    }
  });
});

describe('discounts', () => {
  it('takes a percentage of the subtotal, rounded to a whole minor unit', () => {
    expect(couponDiscount(save10, 10800)).toBe(1080);
    expect(couponDiscount(save10, 4505)).toBe(451);
    expect(couponDiscount(coupon({ amount: 100 }), 4500)).toBe(4500);
  });

  it('takes a fixed amount off the cart, never more than the subtotal', () => {
    expect(couponDiscount(flat5, 4500)).toBe(500);
    expect(couponDiscount(flat5, 300)).toBe(300);
    expect(couponDiscount(flat5, 0)).toBe(0);
  });
});

describe('validity', () => {
  const check = { subtotal: 4500, now };

  it('accepts a coupon without limits', () => {
    expect(assertCouponValid(save10, 'SAVE10', check)).toBe(save10);
  });

  it('refuses a code that does not exist, naming it', () => {
    expect(refusal(() => assertCouponValid(undefined, 'NOPE', check))).toEqual([
      'coupon_not_found',
      'Coupon "NOPE" does not exist!',
    ]);
  });

  it('refuses an expired coupon; the moment of expiry itself still counts', () => {
    const expiring = coupon({ expiresAt: now.toISOString() });
    expect(assertCouponValid(expiring, 'SAVE10', check)).toBe(expiring);
    expect(isExpired(expiring, new Date(now.getTime() + 1))).toBe(true);
    expect(
      refusal(() =>
        assertCouponValid(expiring, 'SAVE10', { ...check, now: new Date(now.getTime() + 1) }),
      ),
    ).toEqual(['coupon_expired', 'This coupon has expired.']);
    expect(isExpired(coupon({ expiresAt: '2020-01-01T00:00:00.000Z' }), now)).toBe(true);
    expect(isExpired(coupon({ expiresAt: '2030-01-01T00:00:00.000Z' }), now)).toBe(false);
    expect(isExpired(coupon({ expiresAt: 'not a date' }), now)).toBe(true);
  });

  it('refuses a subtotal below the minimum spend, naming the amount', () => {
    const min50 = coupon({ minimumSpend: 5000 });
    expect(refusal(() => assertCouponValid(min50, 'SAVE10', check))).toEqual([
      'coupon_minimum_spend',
      'The minimum spend for this coupon is $50.00.',
    ]);
    expect(assertCouponValid(min50, 'SAVE10', { ...check, subtotal: 5000 })).toBe(min50);
    expect(assertCouponValid(coupon({ minimumSpend: 0 }), 'SAVE10', check)).toBeDefined();
  });

  it('refuses a coupon used as often as its usage limit allows', () => {
    const limited = coupon({ usageLimit: 3, usageCount: 2 });
    expect(assertCouponValid(limited, 'SAVE10', check)).toBe(limited);
    for (const usageCount of [3, 4]) {
      expect(refusal(() => assertCouponValid({ ...limited, usageCount }, 'SAVE10', check))).toEqual(
        ['coupon_usage_limit_reached', 'Coupon usage limit has been reached.'],
      );
    }
    // As in WooCommerce, a limit of 0 means no limit.
    expect(
      assertCouponValid(coupon({ usageLimit: 0, usageCount: 9 }), 'SAVE10', check),
    ).toBeDefined();
  });

  it('refuses a customer who used it as often as the per-customer limit allows', () => {
    const oncePerCustomer = coupon({ usageLimitPerCustomer: 1 });
    expect(assertCouponValid(oncePerCustomer, 'SAVE10', { ...check, customerUses: 0 })).toBe(
      oncePerCustomer,
    );
    expect(
      refusal(() => assertCouponValid(oncePerCustomer, 'SAVE10', { ...check, customerUses: 1 })),
    ).toEqual(['coupon_usage_limit_reached', 'Coupon usage limit has been reached.']);
    // Without a known customer the limit waits for checkout.
    expect(assertCouponValid(oncePerCustomer, 'SAVE10', check)).toBe(oncePerCustomer);
    expect(refusal(() => assertCustomerUsage(oncePerCustomer, 2))?.[0]).toBe(
      'coupon_usage_limit_reached',
    );
    expect(refusal(() => assertCustomerUsage(save10, 99))).toBeUndefined();
  });

  it("checks in WooCommerce's order: usage limit, then expiry, then minimum spend", () => {
    const everythingWrong = coupon({
      usageLimit: 1,
      usageCount: 1,
      expiresAt: '2020-01-01T00:00:00.000Z',
      minimumSpend: 999_999,
    });
    expect(refusal(() => assertCouponValid(everythingWrong, 'X', check))?.[0]).toBe(
      'coupon_usage_limit_reached',
    );
    expect(
      refusal(() => assertCouponValid({ ...everythingWrong, usageLimit: null }, 'X', check))?.[0],
    ).toBe('coupon_expired');
  });
});

describe('applying to the cart', () => {
  it('appends the code after those already applied', () => {
    expect(addCouponCode([], save10, [])).toEqual(['SAVE10']);
    expect(addCouponCode(['SAVE10'], flat5, [save10])).toEqual(['SAVE10', 'FLAT5']);
  });

  it('refuses a code already applied', () => {
    expect(refusal(() => addCouponCode(['SAVE10'], save10, []))).toEqual([
      'coupon_already_applied',
      'Coupon code already applied!',
    ]);
  });

  it('refuses another coupon while an individual-use one is applied, naming that one', () => {
    expect(refusal(() => addCouponCode(['SOLO'], save10, [solo]))).toEqual([
      'coupon_individual_use_only',
      'Sorry, coupon "SOLO" has already been applied and cannot be used in conjunction with other coupons.',
    ]);
  });

  it('refuses an individual-use coupon while another is applied', () => {
    expect(refusal(() => addCouponCode(['SAVE10'], solo, [save10]))).toEqual([
      'coupon_not_combinable',
      'Sorry, coupon "SOLO" cannot be used in conjunction with other coupons.',
    ]);
    expect(addCouponCode([], solo, [])).toEqual(['SOLO']);
  });

  it('marks every coupon refusal as such, and nothing else', () => {
    const error = new ShopError('coupon_expired', 'This coupon has expired.');
    expect(isCouponError(error)).toBe(true);
    expect(isCouponError(new ShopError('invalid_nonce', 'Nonce is invalid.'))).toBe(false);
    expect(isCouponError(new Error('boom'))).toBe(false);
  });
});

describe('removing from the cart', () => {
  it('removes the code, whatever its case', () => {
    expect(removeCouponCode(['SAVE10', 'FLAT5'], 'save10')).toEqual(['FLAT5']);
  });

  it('refuses the empty code and a code that is not applied', () => {
    expect(refusal(() => removeCouponCode(['SAVE10'], ' '))).toEqual([
      'coupon_remove_problem',
      'Sorry there was a problem removing this coupon.',
    ]);
    expect(refusal(() => removeCouponCode(['SAVE10'], 'FLAT5'))).toEqual([
      'coupon_not_applied',
      'Coupon cannot be removed because it is not already applied to the cart.',
    ]);
  });
});

describe('coupons on a priced cart', () => {
  const min50 = coupon({ code: 'MIN50', minimumSpend: 5000 });
  const expired = coupon({ code: 'EXPIRED', expiresAt: '2020-01-01T00:00:00.000Z' });

  it("keep the cart's order and say why the others give no discount now", () => {
    const { usable, refused } = usableCoupons(
      ['SAVE10', 'MIN50', 'GONE', 'EXPIRED', 'FLAT5'],
      [flat5, expired, min50, save10],
      4500,
      now,
    );
    expect(usable.map((c) => c.code)).toEqual(['SAVE10', 'FLAT5']);
    expect(refused).toEqual([
      { code: 'MIN50', message: 'The minimum spend for this coupon is $50.00.' },
      { code: 'GONE', message: 'Coupon "GONE" does not exist!' },
      { code: 'EXPIRED', message: 'This coupon has expired.' },
    ]);
  });

  it('apply a minimum-spend coupon again once the subtotal reaches it', () => {
    expect(usableCoupons(['MIN50'], [min50], 4999, now).usable).toEqual([]);
    expect(usableCoupons(['MIN50'], [min50], 5000, now).usable).toEqual([min50]);
  });

  it('know when the first of them expires', () => {
    expect(firstExpiry([save10, flat5])).toBeUndefined();
    expect(
      firstExpiry([
        coupon({ expiresAt: '2031-01-01T00:00:00.000Z' }),
        coupon({ expiresAt: '2030-01-01T00:00:00.000Z' }),
      ]),
    ).toBe(Date.parse('2030-01-01T00:00:00.000Z'));
  });
});

describe('customer emails for per-customer limits', () => {
  it('are compared trimmed and lower-case; invalid ones are ignored', () => {
    expect(customerEmail(' Ada@Example.com ')).toBe('ada@example.com');
    expect(customerEmail('not-an-email')).toBeUndefined();
    expect(customerEmail('')).toBeUndefined();
    expect(customerEmail(undefined)).toBeUndefined();
  });
});

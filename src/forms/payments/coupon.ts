import { cartRepo } from '../../cart/cart.repo.ts';
import {
  assertCouponValid,
  customerEmail,
  normaliseCouponCode,
  type Coupon,
} from '../../cart/coupon.ts';
import { customerCouponUses } from '../../checkout/coupon-uses.repo.ts';
import type { Db } from '../../platform/db/database.ts';
import { ShopError } from '../../platform/errors/shop-error.ts';
import { messages } from '../../platform/messages/index.ts';
import type { Money } from '../../platform/money/money.ts';

/**
 * A form's coupon field takes the shop's own coupons, by the shop's rules (src/cart/coupon.ts):
 * it exists, its usage limits (per customer, by the order's e-mail, once that is known), its
 * expiry, its minimum spend on the form's items. The refusal is the shop's own text.
 */
export type CouponCheck = { coupon: Coupon } | { refused: string };

export async function checkFormCoupon(
  db: Db,
  code: string,
  subtotal: Money,
  email: string,
  now: Date,
): Promise<CouponCheck> {
  const wanted = normaliseCouponCode(code);
  if (wanted === '') return { refused: messages.couponEnterCode };
  const [coupon] = await cartRepo(db).coupons([wanted]);
  const customer = customerEmail(email);
  try {
    return {
      coupon: assertCouponValid(coupon, wanted, {
        subtotal,
        now,
        customerUses: customer ? await customerCouponUses(db, wanted, customer) : undefined,
      }),
    };
  } catch (error) {
    if (error instanceof ShopError) return { refused: error.message };
    throw error;
  }
}

/** What the browser is told of a coupon: enough to work out its discount as the items change. */
export function publicCoupon(coupon: Coupon) {
  return {
    code: coupon.code,
    discount_type: coupon.discountType,
    amount: coupon.amount,
    minimum_spend: coupon.minimumSpend,
  };
}

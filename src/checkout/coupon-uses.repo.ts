import type { Db } from '../platform/db/database.ts';

/**
 * How many earlier orders with this billing email used the coupon (for its per-customer limit).
 * Orders that failed or were cancelled gave their use back and do not count. The database narrows
 * the orders to those naming the code; the code and email are compared here, the same way on
 * SQLite and PostgreSQL. The cart asks through its `customerCouponUses` dependency.
 */
export async function customerCouponUses(db: Db, code: string, email: string): Promise<number> {
  const wanted = email.trim().toLowerCase();
  const rows = await db
    .selectFrom('orders')
    .select(['billing_json', 'coupons_json'])
    .where('coupons_json', 'like', `%${likeFragment(code)}%`)
    .where('status', 'not in', ['failed', 'cancelled'])
    .execute();
  return rows.filter((row) => {
    const codes = JSON.parse(row.coupons_json) as string[];
    const billing = JSON.parse(row.billing_json) as { email?: unknown };
    return (
      codes.includes(code) &&
      typeof billing.email === 'string' &&
      billing.email.trim().toLowerCase() === wanted
    );
  }).length;
}

/**
 * A LIKE pattern piece that matches at least every JSON spelling of the text: anything but
 * letters and digits (JSON escapes, LIKE wildcards) becomes `%`. A prefilter only.
 */
function likeFragment(text: string): string {
  return text.replace(/[^\p{L}\p{N}]+/gu, '%');
}

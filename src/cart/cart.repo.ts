import type { Db, DbKind } from '../platform/db/database.ts';
import { nowIso } from '../platform/db/database.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { emptyCart, type Cart } from './cart.ts';
import type { Coupon } from './coupon.ts';

const loadCart = preparedQuery<{ items_json: string; coupons_json: string }, [sessionId: string]>(
  (db) =>
    db.selectFrom('carts').select(['items_json', 'coupons_json']).where('session_id', '=', ''),
);

export function cartRepo(db: Db) {
  return {
    async load(sessionId: string): Promise<Cart> {
      const [row] = await loadCart(db, sessionId);
      if (!row) return emptyCart;
      return { items: JSON.parse(row.items_json), coupons: JSON.parse(row.coupons_json) } as Cart;
    },

    async save(sessionId: string, cart: Cart): Promise<void> {
      const values = {
        items_json: JSON.stringify(cart.items),
        coupons_json: JSON.stringify(cart.coupons),
        updated_at: nowIso(),
      };
      await db
        .insertInto('carts')
        .values({ session_id: sessionId, ...values })
        .onConflict((oc) => oc.column('session_id').doUpdateSet(values))
        .execute();
    },

    async clear(sessionId: string): Promise<void> {
      await db.deleteFrom('carts').where('session_id', '=', sessionId).execute();
    },

    async coupons(codes: readonly string[]): Promise<Coupon[]> {
      if (codes.length === 0) return [];
      const rows = await db
        .selectFrom('coupons')
        .selectAll()
        .where('code', 'in', [...codes])
        .execute();
      const byCode = new Map(rows.map((row) => [row.code, row]));
      return codes.flatMap((code) => {
        const row = byCode.get(code);
        if (!row) return [];
        return [
          {
            code: row.code,
            discountType: row.discount_type as Coupon['discountType'],
            amount: row.amount,
            expiresAt: row.expires_at,
            minimumSpend: row.minimum_spend,
            usageLimit: row.usage_limit,
            usageCount: row.usage_count,
            usageLimitPerCustomer: row.usage_limit_per_customer,
            individualUse: row.individual_use === 1,
          },
        ];
      });
    },
  };
}

export type CartRepo = ReturnType<typeof cartRepo>;

/**
 * Runs a cart change in one transaction. On PostgreSQL the session row is locked first, so two
 * app servers changing one cart at once apply both changes in turn; SQLite serialises writers itself.
 */
export async function withCartLock<T>(
  db: Db,
  kind: DbKind,
  sessionId: string,
  change: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (tx) => {
    if (kind === 'postgres') {
      await tx
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', sessionId)
        .forUpdate()
        .execute();
    }
    return change(tx);
  });
}

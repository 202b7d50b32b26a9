import { sql } from 'kysely';
import type { Db, DbKind } from '../platform/db/database.ts';
import { nowIso } from '../platform/db/database.ts';
import { preparedQuery } from '../platform/db/prepared.ts';
import { emptyCart, type Cart } from './cart-contents.ts';
import type { Coupon } from './coupon.ts';

const loadCart = preparedQuery<
  { items_json: string; coupons_json: string; customer_json: string },
  [sessionId: string]
>((db) =>
  db
    .selectFrom('carts')
    .select(['items_json', 'coupons_json', 'customer_json'])
    .where('session_id', '=', ''),
);

/** Every cart write ends here: prepared once (building the upsert cost more than running it). */
const saveCart = preparedQuery<
  never,
  [sessionId: string, items: string, coupons: string, customer: string, updatedAt: string]
>((db) =>
  db
    .insertInto('carts')
    .values({ session_id: '', items_json: '', coupons_json: '', customer_json: '', updated_at: '' })
    .onConflict((oc) =>
      oc.column('session_id').doUpdateSet((eb) => ({
        items_json: eb.ref('excluded.items_json'),
        coupons_json: eb.ref('excluded.coupons_json'),
        customer_json: eb.ref('excluded.customer_json'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    ),
);

/**
 * A logged-in session's cart is the customer's saved cart too: written with it, in the same
 * transaction, so it follows them to another browser. For a guest's session it writes nothing.
 */
const saveCustomersCart = preparedQuery<
  never,
  [items: string, coupons: string, customer: string, updatedAt: string, sessionId: string]
>((db) =>
  db
    .insertInto('saved_carts')
    .columns(['customer_id', 'items_json', 'coupons_json', 'customer_json', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('sessions')
        .select([
          sql<number>`customer_id`.as('customer_id'),
          sql<string>`cast(${''} as text)`.as('items_json'),
          sql<string>`cast(${''} as text)`.as('coupons_json'),
          sql<string>`cast(${''} as text)`.as('customer_json'),
          sql<string>`cast(${''} as text)`.as('updated_at'),
        ])
        .where('id', '=', '')
        .where('customer_id', 'is not', null),
    )
    .onConflict((oc) =>
      oc.column('customer_id').doUpdateSet((eb) => ({
        items_json: eb.ref('excluded.items_json'),
        coupons_json: eb.ref('excluded.coupons_json'),
        customer_json: eb.ref('excluded.customer_json'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    ),
);

function parseCart(row: { items_json: string; coupons_json: string; customer_json: string }): Cart {
  const cart = {
    items: JSON.parse(row.items_json),
    coupons: JSON.parse(row.coupons_json),
  } as Cart;
  const customer = JSON.parse(row.customer_json) as Cart['customer'];
  // Left out when empty, so a cart nobody has addressed serialises (and hashes) as before.
  return customer && Object.keys(customer).length > 0 ? { ...cart, customer } : cart;
}

export function cartRepo(db: Db) {
  return {
    async load(sessionId: string): Promise<Cart> {
      const [row] = await loadCart(db, sessionId);
      return row ? parseCart(row) : emptyCart;
    },

    /** Saves the session's cart, and the customer's saved cart when the session is logged in. */
    async save(sessionId: string, cart: Cart): Promise<void> {
      const items = JSON.stringify(cart.items);
      const coupons = JSON.stringify(cart.coupons);
      const customer = JSON.stringify(cart.customer ?? {});
      const now = nowIso();
      await saveCart(db, sessionId, items, coupons, customer, now);
      await saveCustomersCart(db, items, coupons, customer, now, sessionId);
    },

    /** A customer's saved cart (empty when they have none). */
    async saved(customerId: number): Promise<Cart> {
      const row = await db
        .selectFrom('saved_carts')
        .select(['items_json', 'coupons_json', 'customer_json'])
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return row ? parseCart(row) : emptyCart;
    },

    /**
     * Marks the cart as being checked out by `holder`, unless another checkout of it started
     * less than `staleAfterMs` ago: a conditional update, so of two racing submits one wins.
     */
    async claimCheckout(
      sessionId: string,
      holder: string,
      now: Date,
      staleAfterMs: number,
    ): Promise<boolean> {
      const stale = new Date(now.getTime() - staleAfterMs).toISOString();
      const result = await db
        .updateTable('carts')
        .set({ checkout_started_at: now.toISOString(), checkout_holder: holder })
        .where('session_id', '=', sessionId)
        .where((eb) =>
          eb.or([eb('checkout_started_at', 'is', null), eb('checkout_started_at', '<', stale)]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Who holds the cart's checkout claim, if anyone. */
    async checkoutHolder(sessionId: string): Promise<string | null> {
      const row = await db
        .selectFrom('carts')
        .select(['checkout_started_at', 'checkout_holder'])
        .where('session_id', '=', sessionId)
        .executeTakeFirst();
      return row?.checkout_started_at ? row.checkout_holder : null;
    },

    /** The carts being checked out now (or whose checkout died), and whose attempts hold them. */
    async heldCheckouts(): Promise<{ sessionId: string; holder: string }[]> {
      const rows = await db
        .selectFrom('carts')
        .select(['session_id', 'checkout_holder'])
        .where('checkout_started_at', 'is not', null)
        .where('checkout_holder', 'is not', null)
        .execute();
      return rows.map((row) => ({ sessionId: row.session_id, holder: row.checkout_holder! }));
    },

    /** Takes the claim over from a holder that died, only while that holder still has it. */
    async takeOverCheckout(
      sessionId: string,
      from: string,
      holder: string,
      now: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('carts')
        .set({ checkout_started_at: now.toISOString(), checkout_holder: holder })
        .where('session_id', '=', sessionId)
        .where('checkout_started_at', 'is not', null)
        .where('checkout_holder', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Ends the holder's claim (one taken over since is left to its new holder). Returns whether
     * the holder still had it.
     */
    async releaseCheckout(sessionId: string, holder: string): Promise<boolean> {
      const result = await db
        .updateTable('carts')
        .set({ checkout_started_at: null, checkout_holder: null })
        .where('session_id', '=', sessionId)
        .where('checkout_holder', '=', holder)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Empties the session's cart, and the customer's saved cart when the session is logged in.
     * Run it in a transaction: it first waits for a cart change in flight (`withCartLock`), which
     * would otherwise save the items it had read back into the cart just emptied (and a second
     * submit of the checkout would order them again).
     */
    async clear(sessionId: string): Promise<void> {
      // A write to the session's row: PostgreSQL's row lock, which `withCartLock`'s FOR UPDATE
      // holds, in a statement SQLite runs too (it serialises writers anyway).
      await db
        .updateTable('sessions')
        .set((eb) => ({ expires_at: eb.ref('expires_at') }))
        .where('id', '=', sessionId)
        .execute();
      await db.deleteFrom('carts').where('session_id', '=', sessionId).execute();
      await db
        .deleteFrom('saved_carts')
        .where('customer_id', 'in', (eb) =>
          eb
            .selectFrom('sessions')
            .select('customer_id')
            .where('id', '=', sessionId)
            .where('customer_id', 'is not', null)
            .$narrowType<{ customer_id: number }>(),
        )
        .execute();
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

import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { nowIso, type Db } from '../platform/db/database.ts';
import type { Database } from '../platform/db/schema.ts';
import { takeStockAndCoupons } from './orders.repo.ts';

/** The order-pay page's changes to an existing order, each one conditional on its status. */
export function orderPayRepo(db: Db) {
  /**
   * The one way a payment lock is set: to run until `until` for `holder`, only where `condition`
   * holds of the order's current lock. Returns the lock's token, or null when it was not set.
   */
  async function setPaymentLock(
    id: number,
    lock: { until: number; holder: string | null },
    condition: (eb: ExpressionBuilder<Database, 'orders'>) => Expression<SqlBool>,
  ): Promise<string | null> {
    const until = new Date(lock.until).toISOString();
    const result = await db
      .updateTable('orders')
      .set({ payment_locked_until: until, payment_lock_holder: lock.holder })
      .where('id', '=', id)
      .where(condition)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? until : null;
  }

  return {
    /**
     * A failed order paid again goes back to pending and takes its stock and coupon uses again
     * (failing gave them back), all or nothing: a line that cannot be met or a coupon used up
     * since refuses with the shop's text and the order stays failed. Returns whether this call
     * reopened it (a racing request finds it pending already and changes nothing). `force`
     * takes stock and coupon uses past their limits: for an order whose money is already taken.
     */
    async reopen(id: number, { force = false }: { force?: boolean } = {}): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const claimed = await tx
          .updateTable('orders')
          .set({ status: 'pending', stock_held_at: nowIso() })
          .where('id', '=', id)
          .where('status', '=', 'failed')
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        await takeStockAndCoupons(tx, id, { force });
        return true;
      });
    },

    /** The method the shopper chose on the order-pay page becomes the order's own. */
    async setPaymentMethod(id: number, method: { id: string; title: string }): Promise<void> {
      await db
        .updateTable('orders')
        .set({ payment_method: method.id, payment_method_title: method.title })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /**
     * Takes the order's payment lock (WooCommerce Stripe's `lock_order_payment`): one atomic
     * conditional update that succeeds only while no other attempt's lock is running, so of two
     * attempts racing on any app servers exactly one gets it. Returns the lock's token (when it
     * runs out) for `unlockPayment`, or null when another attempt holds the order. `holder`
     * names the attempt (`{server id}:{attempt id}`), so a lock whose holder died can be taken over.
     */
    lockPayment(id: number, nowMs: number, lockMs: number, holder: string | null = null) {
      const now = new Date(nowMs).toISOString();
      return setPaymentLock(id, { until: nowMs + lockMs, holder }, (eb) =>
        eb.or([eb('payment_locked_until', 'is', null), eb('payment_locked_until', '<=', now)]),
      );
    },

    /** Who holds the order's running payment lock, when the holder is named. */
    async paymentLockHolder(id: number, nowMs: number): Promise<string | null> {
      const row = await db
        .selectFrom('orders')
        .select('payment_lock_holder')
        .where('id', '=', id)
        .where('payment_locked_until', '>', new Date(nowMs).toISOString())
        .executeTakeFirst();
      return row?.payment_lock_holder ?? null;
    },

    /** Takes the lock over from a holder that died, only while that holder still has it. */
    takeOverPayment(id: number, from: string, nowMs: number, lockMs: number, holder: string) {
      const now = new Date(nowMs).toISOString();
      return setPaymentLock(id, { until: nowMs + lockMs, holder }, (eb) =>
        eb.and([eb('payment_lock_holder', '=', from), eb('payment_locked_until', '>', now)]),
      );
    },

    /** Releases the lock this token took; a lock that ran out and was taken since stays. */
    async unlockPayment(id: number, token: string): Promise<void> {
      await db
        .updateTable('orders')
        .set({ payment_locked_until: null, payment_lock_holder: null })
        .where('id', '=', id)
        .where('payment_locked_until', '=', token)
        .execute();
    },
  };
}

export type OrderPayRepo = ReturnType<typeof orderPayRepo>;

import type { Db } from '../platform/db/database.ts';
import { giveBackStockAndCoupons } from './orders.repo.ts';

/** An unpaid order whose stock hold ran out, and the intent that may still pay it. */
export interface OverdueOrder {
  id: number;
  paymentIntentId: string | null;
}

/** The hold-stock job's reads and its one change, each conditional on the order's standing. */
export function holdStockRepo(db: Db) {
  return {
    /**
     * A page of the unpaid orders that have held their stock since before `cutoff`: those after
     * order `afterId`, by id, so orders the job leaves alone never hold up the ones behind them.
     */
    async overdue(cutoff: Date, afterId: number, limit: number): Promise<OverdueOrder[]> {
      const rows = await db
        .selectFrom('orders')
        .select(['id', 'payment_intent_id'])
        .where('status', '=', 'pending')
        .where('stock_held_at', '<', cutoff.toISOString())
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, paymentIntentId: row.payment_intent_id }));
    },

    /**
     * Cancels the order and gives its stock and coupon uses back, with the note, in one
     * transaction: only while it is still unpaid, pending, overdue and no payment attempt holds
     * it (a conditional update), so of two servers or a payment racing the job exactly one
     * moves it, and the stock comes back once. Returns whether this call cancelled it.
     */
    async cancelOverdue(id: number, cutoff: Date, now: Date, note: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const cancelled = await tx
          .updateTable('orders')
          .set({ status: 'cancelled', stock_held_at: null })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .where('paid_at', 'is', null)
          .where('stock_held_at', '<', cutoff.toISOString())
          .where((eb) =>
            eb.or([
              eb('payment_locked_until', 'is', null),
              eb('payment_locked_until', '<=', now.toISOString()),
            ]),
          )
          .returning('coupons_json')
          .executeTakeFirst();
        if (!cancelled) return false;
        await giveBackStockAndCoupons(tx, id, cancelled.coupons_json);
        await tx
          .insertInto('order_notes')
          .values({ order_id: id, note, created_at: now.toISOString() })
          .execute();
        return true;
      });
    },

    /** The order's notes, oldest first. */
    async notes(orderId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('order_notes')
        .select('note')
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
      return rows.map((row) => row.note);
    },
  };
}

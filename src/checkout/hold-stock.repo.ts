import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Db } from '../platform/db/database.ts';
import type { Database } from '../platform/db/schema.ts';
import { giveBackStockAndCoupons } from './orders.repo.ts';

/** An unpaid order whose stock hold ran out, and the intent that may still pay it. */
export interface OverdueOrder {
  id: number;
  paymentIntentId: string | null;
}

/**
 * The reads of the jobs that give unpaid orders' stock back (the hold-stock sweep, the recovery
 * of cut-off attempts) and their one change, conditional on the order's standing.
 */
export function holdStockRepo(db: Db) {
  /**
   * Cancels the unpaid order where `condition` holds, gives its stock and coupon uses back and
   * notes why, in one transaction: a conditional update, so exactly one caller moves it.
   */
  function cancelUnpaid(
    id: number,
    now: Date,
    note: string,
    condition: (eb: ExpressionBuilder<Database, 'orders'>) => Expression<SqlBool>,
  ): Promise<boolean> {
    return db.transaction().execute(async (tx) => {
      const cancelled = await tx
        .updateTable('orders')
        .set({ status: 'cancelled', stock_held_at: null })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('paid_at', 'is', null)
        .where(condition)
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
  }

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
    cancelOverdue(id: number, cutoff: Date, now: Date, note: string): Promise<boolean> {
      return cancelUnpaid(id, now, note, (eb) =>
        eb.and([
          eb('stock_held_at', '<', cutoff.toISOString()),
          eb.or([
            eb('payment_locked_until', 'is', null),
            eb('payment_locked_until', '<=', now.toISOString()),
          ]),
        ]),
      );
    },

    /**
     * Releases an order whose payment attempt was cut off before any money moved: cancelled, its
     * stock and coupon uses back, with the note, once. Only while the recovery holds its payment
     * lock (`token`) and it is still unpaid.
     */
    releaseCutOff(id: number, token: string, now: Date, note: string): Promise<boolean> {
      return cancelUnpaid(id, now, note, (eb) => eb('payment_locked_until', '=', token));
    },

    /** A page of the orders, after order `afterId`, whose payment lock names an attempt. */
    async lockedOrders(afterId: number, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('payment_lock_holder', 'is not', null)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * A page of the unpaid orders, after order `afterId`, that name a payment intent and that no
     * payment attempt holds at `now`.
     */
    async unpaidWithIntent(afterId: number, limit: number, now: Date): Promise<OverdueOrder[]> {
      const rows = await db
        .selectFrom('orders')
        .select(['id', 'payment_intent_id'])
        .where('status', '=', 'pending')
        .where('payment_intent_id', 'like', 'pi_%')
        .where((eb) =>
          eb.or([
            eb('payment_locked_until', 'is', null),
            eb('payment_locked_until', '<=', now.toISOString()),
          ]),
        )
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, paymentIntentId: row.payment_intent_id }));
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

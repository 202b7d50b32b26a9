import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * What the checkout's retries and the recovery of cut-off attempts look up, indexed:
 * - `orders.session_id`: the session's order awaiting payment, resumed by its next checkout;
 * - orders whose payment lock names an attempt, and carts being checked out: the few rows the
 *   recovery reads each tick for attempts whose server is gone (partial indexes, so they stay
 *   as small as the attempts running).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('orders_session_id').on('orders').column('session_id').execute();
  await db.schema
    .createIndex('orders_payment_lock_holder')
    .on('orders')
    .column('payment_lock_holder')
    .where('payment_lock_holder', 'is not', null)
    .execute();
  await db.schema
    .createIndex('carts_checkout_started_at')
    .on('carts')
    .column('checkout_started_at')
    .where('checkout_started_at', 'is not', null)
    .execute();
}

import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationKind } from './columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Held stock and the jobs that give it back (WooCommerce's `woocommerce_hold_stock_minutes`):
 * - `job_leases`: one row per job (and one per running app server, its heartbeat), taken by a
 *   conditional upsert, so of several app servers exactly one runs a job at a time;
 * - `orders.stock_held_at`: when an unpaid order last took its stock (the hold counts from here);
 * - `order_notes`: what happened to an order and why (the cancel note);
 * - the `woocommerce_hold_stock_minutes` setting, 60 as in WooCommerce;
 * - `carts.checkout_holder`, `orders.payment_lock_holder`: which app server's attempt holds a
 *   cart's checkout claim or an order's payment lock, so one whose server is gone is freed at once.
 */
export async function up(db: AnyDb, kind: MigrationKind): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    /** ISO-8601 UTC: from then on another server may take the lease. */
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('orders').addColumn('stock_held_at', 'text').execute();
  await db
    .updateTable('orders')
    .set({ stock_held_at: sql.ref('created_at') })
    .where('status', '=', 'pending')
    .execute();
  await db.schema
    .createIndex('orders_status_stock_held_at')
    .on('orders')
    .columns(['status', 'stock_held_at'])
    .execute();

  const id = idColumn(kind);
  await db.schema
    .createTable('order_notes')
    .addColumn('id', id.type, id.build)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_notes_order_id')
    .on('order_notes')
    .column('order_id')
    .execute();

  await db.schema.alterTable('carts').addColumn('checkout_holder', 'text').execute();
  await db.schema.alterTable('orders').addColumn('payment_lock_holder', 'text').execute();

  // The shop owner's option under WooCommerce's name, with WooCommerce's default.
  await db
    .insertInto('settings')
    .values({ name: 'woocommerce_hold_stock_minutes', value: '60' })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

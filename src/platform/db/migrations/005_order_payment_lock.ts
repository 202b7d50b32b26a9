import type { Kysely } from 'kysely';
import type { MigrationKind } from './columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * One payment at a time per order (WooCommerce's Stripe gateway locks an order while paying):
 * while a payment attempt runs, `payment_locked_until` holds when its lock runs out (ISO-8601
 * UTC); it is cleared when the attempt ends. A lock past its time belongs to a crashed attempt.
 */
export async function up(db: AnyDb, _kind: MigrationKind): Promise<void> {
  await db.schema.alterTable('orders').addColumn('payment_locked_until', 'text').execute();
}

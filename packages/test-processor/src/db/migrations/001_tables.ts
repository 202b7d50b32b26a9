import type { Kysely } from 'kysely';
import type { DbKind } from '../schema.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** The processor's tables as the shop's migrations 001 and 003 left them, in one step. */
export async function up(db: AnyDb, kind: DbKind): Promise<void> {
  await db.schema
    .createTable('tp_payment_methods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('customer', 'text')
    .addColumn('brand', 'text')
    .addColumn('last4', 'text')
    .addColumn('exp_month', 'integer')
    .addColumn('exp_year', 'integer')
    .addColumn('test_outcome', 'text')
    .addColumn('details_json', 'text', (c) => c.notNull())
    .addColumn('billing_json', 'text', (c) => c.notNull())
    .addColumn('metadata_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('tp_payment_methods_customer')
    .on('tp_payment_methods')
    .column('customer')
    .execute();

  await db.schema
    .createTable('tp_payment_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_secret', 'text', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('payment_method', 'text')
    .addColumn('capture_method', 'text', (c) => c.notNull())
    .addColumn('metadata_json', 'text', (c) => c.notNull())
    .addColumn('last_payment_error_json', 'text')
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('payment_method_types_json', 'text', (c) => c.notNull().defaultTo('["card"]'))
    .addColumn('amount_received', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('customer', 'text')
    .addColumn('setup_future_usage', 'text')
    .addColumn('return_url', 'text')
    .addColumn('next_action_json', 'text')
    .addColumn('cancellation_reason', 'text')
    .addColumn('canceled_at', 'text')
    .addColumn('settles_at', 'text')
    .execute();

  await db.schema
    .createTable('tp_idempotency')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tp_customers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text')
    .addColumn('name', 'text')
    .addColumn('phone', 'text')
    .addColumn('description', 'text')
    .addColumn('metadata_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tp_setup_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_secret', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('customer', 'text')
    .addColumn('payment_method', 'text')
    .addColumn('payment_method_types_json', 'text', (c) => c.notNull())
    .addColumn('usage', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text')
    .addColumn('next_action_json', 'text')
    .addColumn('last_setup_error_json', 'text')
    .addColumn('metadata_json', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('cancellation_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  const seq = db.schema.createTable('tp_events');
  await (
    kind === 'postgres'
      ? seq.addColumn('seq', 'serial', (c) => c.primaryKey())
      : seq.addColumn('seq', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('payload_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('last_status', 'integer')
    .execute();
  await db.schema
    .createIndex('tp_events_pending')
    .on('tp_events')
    .columns(['delivered_at', 'seq'])
    .execute();
}

import { sql, type Kysely } from 'kysely';
import { idColumn, type MigrationKind } from './columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The test processor's customers, setup intents and events; payment methods of every type (card
 * columns become optional, so the table is rebuilt: SQLite cannot drop NOT NULL in place).
 */
export async function up(db: AnyDb, kind: MigrationKind): Promise<void> {
  await rebuildPaymentMethods(db);
  await addIntentColumns(db);

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

  const seq = idColumn(kind);
  await db.schema
    .createTable('tp_events')
    .addColumn('seq', seq.type, seq.build)
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

async function rebuildPaymentMethods(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('tp_payment_methods_next')
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
  await sql`insert into tp_payment_methods_next
      (id, type, customer, brand, last4, exp_month, exp_year, test_outcome, details_json,
       billing_json, metadata_json, created_at)
    select id, 'card', null, brand, last4, exp_month, exp_year, test_outcome, '{}',
       billing_json, '{}', created_at
    from tp_payment_methods`.execute(db);
  await db.schema.dropTable('tp_payment_methods').execute();
  await db.schema.alterTable('tp_payment_methods_next').renameTo('tp_payment_methods').execute();
  await db.schema
    .createIndex('tp_payment_methods_customer')
    .on('tp_payment_methods')
    .column('customer')
    .execute();
}

/** One column per statement: SQLite adds only one at a time. */
async function addIntentColumns(db: AnyDb): Promise<void> {
  const table = () => db.schema.alterTable('tp_payment_intents');
  await table()
    .addColumn('payment_method_types_json', 'text', (c) => c.notNull().defaultTo('["card"]'))
    .execute();
  await table()
    .addColumn('amount_received', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  for (const column of [
    'customer',
    'setup_future_usage',
    'return_url',
    'next_action_json',
    'cancellation_reason',
    'canceled_at',
    'settles_at',
  ]) {
    await table().addColumn(column, 'text').execute();
  }
}

import type { Kysely } from 'kysely';
import type { MigrationKind } from './columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The built-in test processor keeps its tables itself (packages/test-processor), created by its
 * own migrations only where it is mounted: the shop's tables made by 001 and 003 go. They hold
 * test-mode data only, which no shop with Stripe keys uses.
 */
export async function up(db: AnyDb, _kind: MigrationKind): Promise<void> {
  for (const table of [
    'tp_events',
    'tp_setup_intents',
    'tp_customers',
    'tp_idempotency',
    'tp_payment_intents',
    'tp_payment_methods',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

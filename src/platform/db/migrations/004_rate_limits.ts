import type { Kysely } from 'kysely';
import type { MigrationKind } from './columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Fixed-window request counters shared by every app server of one shop (card-testing protection
 * on the gateway's intent calls): one row per bucket and window, counted up by one upsert.
 */
export async function up(db: AnyDb, _kind: MigrationKind): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    /** What is counted and for whom, e.g. `payment_intent|ip|203.0.113.7`. */
    .addColumn('bucket', 'text', (c) => c.notNull())
    /** The window's start, ISO-8601 UTC. */
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    /** When the window ends: the row may be deleted from then on. */
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pkey', ['bucket', 'window_start'])
    .execute();
  await db.schema
    .createIndex('rate_limits_expires')
    .on('rate_limits')
    .column('expires_at')
    .execute();
}

import {
  Migrator,
  type ColumnDefinitionBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import type { DatabaseHandle, DbKind } from './database.ts';
import * as initial from './migrations/001_initial.ts';
import * as checkout from './migrations/002_checkout.ts';
import * as testProcessorMore from './migrations/003_test_processor_more.ts';
import * as rateLimits from './migrations/004_rate_limits.ts';
import * as orderPaymentLock from './migrations/005_order_payment_lock.ts';
import * as jobLeasesHoldStock from './migrations/006_job_leases_hold_stock.ts';
import * as testProcessorTablesOut from './migrations/007_test_processor_tables_out.ts';
import * as accounts from './migrations/010_accounts.ts';

export type MigrationKind = DbKind;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
interface ShopMigration {
  up(db: AnyDb, kind: MigrationKind): Promise<void>;
}

/** Versioned migrations, in order. Append; never edit one that has shipped. */
const migrations: Record<string, ShopMigration> = {
  '001_initial': initial,
  '002_checkout': checkout,
  '003_test_processor_more': testProcessorMore,
  '004_rate_limits': rateLimits,
  '005_order_payment_lock': orderPaymentLock,
  '006_job_leases_hold_stock': jobLeasesHoldStock,
  '007_test_processor_tables_out': testProcessorTablesOut,
  '010_accounts': accounts,
};

/** An auto-incrementing integer primary key on either database. */
export function idColumn(kind: MigrationKind): {
  type: 'integer' | 'serial';
  build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
} {
  return kind === 'postgres'
    ? { type: 'serial', build: (c) => c.primaryKey() }
    : { type: 'integer', build: (c) => c.primaryKey().autoIncrement() };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(migrations).map(([name, m]): [string, Migration] => [
          name,
          { up: (db) => m.up(db, handle.kind) },
        ]),
      ),
  };
  // Parts of the shop are built in parallel, each with its own migration number: a database that
  // already ran a later number still takes an earlier one merged after it.
  const migrator = new Migrator({ db: handle.db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

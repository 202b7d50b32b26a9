import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseHandle } from './database.ts';
import type { MigrationKind } from './migrations/columns.ts';
import * as initial from './migrations/001_initial.ts';
import * as checkout from './migrations/002_checkout.ts';
import * as testProcessorMore from './migrations/003_test_processor_more.ts';
import * as rateLimits from './migrations/004_rate_limits.ts';
import * as orderPaymentLock from './migrations/005_order_payment_lock.ts';
import * as jobLeasesHoldStock from './migrations/006_job_leases_hold_stock.ts';
import * as testProcessorTablesOut from './migrations/007_test_processor_tables_out.ts';
import * as mailQueue from './migrations/009_mail_queue.ts';
import * as content from './migrations/013_content.ts';
import * as forms from './migrations/011_forms.ts';
import * as accounts from './migrations/010_accounts.ts';
import * as reviews from './migrations/012_reviews.ts';
import * as formPayments from './migrations/014_form_payments.ts';
import * as paymentRecovery from './migrations/015_payment_recovery.ts';

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
  '009_mail_queue': mailQueue,
  '013_content': content,
  '011_forms': forms,
  '010_accounts': accounts,
  '012_reviews': reviews,
  '014_form_payments': formPayments,
  '015_payment_recovery': paymentRecovery,
};

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  if (await allMigrationsRan(handle.db)) return;
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(
        Object.entries(migrations).map(([name, m]): [string, Migration] => [
          name,
          { up: (db) => m.up(db, handle.kind) },
        ]),
      ),
  };
  // Numbers are handed out to parallel work ahead of time: 009 may land before 008, and a
  // database that ran 009 must still take 008 when it comes.
  const { error, results } = await new Migrator({
    db: handle.db,
    provider,
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * Whether the database has run exactly these migrations: one read, where the Migrator looks at
 * every table's columns twice before it finds nothing to do (most of a restart's database time).
 * Anything else (a new database, a missing or unknown migration) goes to the Migrator.
 */
async function allMigrationsRan(db: AnyDb): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const names = new Set(rows.map((row) => row.name));
    return (
      names.size === Object.keys(migrations).length &&
      Object.keys(migrations).every((name) => names.has(name))
    );
  } catch {
    return false;
  }
}

import { Migrator, type Kysely, type Migration } from 'kysely';
import * as tables from './migrations/001_tables.ts';
import type { DbKind } from './schema.ts';

/** Versioned migrations, in order. Append; never edit one that has shipped. */
const migrations = { '001_tables': tables };

/**
 * Brings the processor's own tables up to date, keeping its own migration records (`tp_migration`)
 * apart from the host's: run only when the processor is mounted.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateTestProcessor(db: Kysely<any>, kind: DbKind): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: {
      getMigrations: async () =>
        Object.fromEntries(
          Object.entries(migrations).map(([name, m]): [string, Migration] => [
            name,
            { up: (anyDb) => m.up(anyDb, kind) },
          ]),
        ),
    },
    migrationTableName: 'tp_migration',
    migrationLockTableName: 'tp_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Test processor migration ${failed?.migrationName ?? ''} failed: ${String(error)}`,
    );
  }
}

import { Migrator, sql, type Kysely, type Migration } from 'kysely';
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
  if (await allMigrationsRan(db)) return;
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

/**
 * Whether the processor's tables have run exactly these migrations: one read, where the Migrator
 * looks at every table's columns before it finds nothing to do. Anything else goes to the Migrator.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function allMigrationsRan(db: Kysely<any>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from tp_migration`.execute(db);
    const names = new Set(rows.map((row) => row.name));
    return (
      names.size === Object.keys(migrations).length &&
      Object.keys(migrations).every((name) => names.has(name))
    );
  } catch {
    return false;
  }
}

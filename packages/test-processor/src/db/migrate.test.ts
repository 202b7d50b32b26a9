import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKinds, openTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { migrateTestProcessor } from './migrate.ts';

describe.each(databaseKinds)('the processor’s own migrations on %s', (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.destroy();
    database = undefined;
  });

  async function tableNames(): Promise<string[]> {
    const query =
      kind === 'sqlite'
        ? sql<{ name: string }>`select name from sqlite_master where type = 'table'`
        : sql<{
            name: string;
          }>`select tablename as name from pg_tables where schemaname = 'public'`;
    return (await query.execute(database!.db)).rows.map((r) => r.name).sort();
  }

  it('make its tables and record themselves apart from the host’s, once however often run', async () => {
    database = await openTestDatabase(kind);
    await migrateTestProcessor(database.db, kind);
    // A second app server mounting the processor on the same database.
    await migrateTestProcessor(database.db, kind);
    const tables = (await tableNames()).filter((name) => !name.startsWith('sqlite_'));
    expect(tables).toEqual([
      'tp_customers',
      'tp_events',
      'tp_idempotency',
      'tp_migration',
      'tp_migration_lock',
      'tp_payment_intents',
      'tp_payment_methods',
      'tp_setup_intents',
    ]);
    const applied = await sql<{ name: string }>`select name from tp_migration`.execute(database.db);
    expect(applied.rows.map((r) => r.name)).toEqual(['001_tables']);
  });
});

import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import { inject } from 'vitest';
import type { DbKind, ProcessorDb, TestProcessorTables } from '../db/schema.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server the test run started (the host's vitest global setup). */
    postgresUrl: string;
  }
}

/** Every test runs on both. */
export const databaseKinds: DbKind[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  db: ProcessorDb;
  destroy(): Promise<void>;
}

/** A fresh, empty database of the given kind, private to the caller: mounting migrates it. */
export async function openTestDatabase(kind: DbKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const { default: SQLite } = await import('better-sqlite3');
    const db = new Kysely<TestProcessorTables>({
      dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
    });
    return { db, destroy: () => db.destroy() };
  }
  const { default: pg } = await import('pg');
  const adminUrl = inject('postgresUrl');
  const name = `tp_test_${randomBytes(6).toString('hex')}`;
  const admin = new Kysely<object>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }),
  });
  await sql.raw(`create database ${name}`).execute(admin);
  await admin.destroy();
  const pool = new pg.Pool({ connectionString: adminUrl.replace(/\/[^/]*$/, `/${name}`) });
  const db = new Kysely<TestProcessorTables>({ dialect: new PostgresDialect({ pool }) });
  return { db, destroy: () => db.destroy() };
}

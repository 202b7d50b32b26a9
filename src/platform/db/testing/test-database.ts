import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type DbKind } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';

/** Every repository and API test runs on both. */
export const databaseKinds: DbKind[] = ['sqlite', 'postgres'];

/** A fresh, migrated, empty database of the given kind, private to the caller. */
export async function openTestDatabase(kind: DbKind): Promise<DatabaseHandle> {
  if (kind === 'sqlite') {
    const handle = await openDatabase('sqlite::memory:');
    await migrateToLatest(handle);
    return handle;
  }
  const handle = await openDatabase(await createEmptyPostgresDatabase());
  await migrateToLatest(handle);
  return handle;
}

/** A new PostgreSQL database with no tables at all, private to the caller: its URL. */
export async function createEmptyPostgresDatabase(): Promise<string> {
  const adminUrl = inject('postgresUrl');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase(adminUrl);
  const { sql } = await import('kysely');
  await sql.raw(`create database ${name}`).execute(admin.db);
  await admin.destroy();
  return adminUrl.replace(/\/[^/]*$/, `/${name}`);
}

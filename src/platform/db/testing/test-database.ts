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
  const adminUrl = inject('postgresUrl');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase(adminUrl);
  const { sql } = await import('kysely');
  await sql.raw(`create database ${name}`).execute(admin.db);
  await admin.destroy();
  const handle = await openDatabase(adminUrl.replace(/\/[^/]*$/, `/${name}`));
  await migrateToLatest(handle);
  return handle;
}

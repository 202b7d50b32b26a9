import { sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';

/** Ours: the PostgreSQL advisory lock key every app server takes while it migrates and seeds. */
const START_UP_LOCK_KEY = 4_807_001;

/**
 * Runs the start-up work (migrations, demo seeding) while holding the database's start-up lock,
 * so any number of app servers can start together on one PostgreSQL: one works, the others wait
 * and then find the work done. The lock is a session advisory lock held on a connection of its
 * own (a server that dies mid-way frees it with its connection). SQLite serialises writers itself.
 */
export async function withStartUpLock<T>(
  handle: DatabaseHandle,
  work: () => Promise<T>,
): Promise<T> {
  if (handle.kind !== 'postgres') return work();
  return handle.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${START_UP_LOCK_KEY})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${START_UP_LOCK_KEY})`.execute(connection);
    }
  });
}

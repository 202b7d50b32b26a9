import { open, readFile, rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { START_UP_LOCK_POLL_MS } from '../constants/index.ts';
import type { DatabaseHandle } from './database.ts';

/** Ours: the PostgreSQL advisory lock key every app server takes while it migrates and seeds. */
const START_UP_LOCK_KEY = 4_807_001;

/**
 * Runs the start-up work (migrations, demo seeding) while holding the database's start-up lock,
 * so any number of app servers can start together on one database: one works, the others wait
 * and then find the work done. On PostgreSQL a session advisory lock held on a connection of its
 * own (a server that dies mid-way frees it with its connection); on a SQLite file, a lock file
 * beside it naming the holder's process (one whose process is gone is taken over).
 */
export async function withStartUpLock<T>(
  handle: DatabaseHandle,
  work: () => Promise<T>,
): Promise<T> {
  if (handle.kind === 'postgres') return withAdvisoryLock(handle, work);
  if (handle.file) return withLockFile(`${handle.file}.start-up.lock`, work);
  return work();
}

async function withAdvisoryLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  return handle.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${START_UP_LOCK_KEY})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${START_UP_LOCK_KEY})`.execute(connection);
    }
  });
}

async function withLockFile<T>(path: string, work: () => Promise<T>): Promise<T> {
  while (!(await createLockFile(path))) {
    if (await holderIsGone(path)) await rm(path, { force: true });
    else await sleep(START_UP_LOCK_POLL_MS);
  }
  try {
    return await work();
  } finally {
    await rm(path, { force: true });
  }
}

/** Creates the lock file with this process's id, unless it exists: whether this call made it. */
async function createLockFile(path: string): Promise<boolean> {
  try {
    const file = await open(path, 'wx');
    await file.writeFile(String(process.pid));
    await file.close();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Whether the process named in the lock file has ended (a crash mid-start-up). */
async function holderIsGone(path: string): Promise<boolean> {
  const pid = Number(await readFile(path, 'utf8').catch(() => ''));
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import { SQLITE_PAGE_CACHE_KIB } from '../constants/index.ts';
import type { Database } from './schema.ts';
import { CommitSignals, withCommitSignals } from './commit-signals.ts';
import { ShopSqliteDialect } from './sqlite-dialect.ts';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type DbKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  kind: DbKind;
  /** SQLite: the database file (absent in memory). */
  file?: string;
  /** Says when inserted rows are committed (the mail sender wakes on the mail queue's). */
  commits: CommitSignals;
  destroy(): Promise<void>;
}

/** `sqlite:./path.sqlite`, `sqlite::memory:` or `postgres://...` */
export async function openDatabase(url: string): Promise<DatabaseHandle> {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url);
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got ${url})`);
}

async function openSqlite(file: string): Promise<DatabaseHandle> {
  const { default: SQLite } = await import('better-sqlite3');
  if (file !== ':memory:') {
    const { mkdirSync } = await import('node:fs');
    const { dirname } = await import('node:path');
    mkdirSync(dirname(file), { recursive: true });
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KIB}`);
  const commits = new CommitSignals();
  const db = new Kysely<Database>({
    dialect: withCommitSignals(new ShopSqliteDialect(sqlite), commits),
  });
  return {
    db,
    kind: 'sqlite',
    commits,
    ...(file !== ':memory:' && { file }),
    destroy: () => db.destroy(),
  };
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const commits = new CommitSignals();
  const db = new Kysely<Database>({
    dialect: withCommitSignals(new PostgresDialect({ pool }), commits),
  });
  return { db, kind: 'postgres', commits, destroy: () => db.destroy() };
}

export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { SQLITE_PAGE_CACHE_KIB } from '../constants/index.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';

describe('an SQLite database', () => {
  let handle: DatabaseHandle | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await handle?.destroy();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('keeps at most SQLITE_PAGE_CACHE_KIB of its pages in the process, not better-sqlite3’s 16 MiB', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'shop-db-'));
    handle = await openDatabase(`sqlite:${path.join(dir, 'shop.sqlite')}`);
    const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(handle.db);
    expect(rows).toEqual([{ cache_size: -SQLITE_PAGE_CACHE_KIB }]);
    expect(SQLITE_PAGE_CACHE_KIB).toBeLessThan(16_000);
  });
});

import { describe, expect, it } from 'vitest';
import { buildServer } from '../../server.ts';
import { createShop } from '../../shop.ts';
import { sharedTestDataDir } from '../../testing/test-shop.ts';
import { loadConfig } from '../config/config.ts';
import { createLogger } from '../log/log.ts';
import { createEmptyPostgresDatabase, databaseKinds } from './testing/test-database.ts';

/** One app server on the shared database, as `npm start` makes it: migrate, seed, listen. */
async function startServer(databaseUrl: string) {
  const config = {
    ...loadConfig({}),
    databaseUrl,
    dataDir: sharedTestDataDir,
    port: 0,
    logLevel: 'silent',
  };
  const shop = await createShop(config, createLogger(config.logLevel));
  const app = await buildServer(shop);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await shop.jobs.stop();
      await app.close();
      await shop.close();
    },
  };
}

/** A new SQLite file with no tables, in a folder of its own. */
async function emptySqliteDatabase(): Promise<string> {
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  return `sqlite:${join(await mkdtemp(join(tmpdir(), 'shop-start-up-')), 'shop.sqlite')}`;
}

const emptyDatabases = {
  postgres: createEmptyPostgresDatabase,
  sqlite: emptySqliteDatabase,
};

describe.each(databaseKinds)('several app servers starting together on %s', (kind) => {
  it('three servers started at once on an empty database all serve, seeded once', async () => {
    const databaseUrl = await emptyDatabases[kind]();
    const started = await Promise.allSettled([1, 2, 3].map(() => startServer(databaseUrl)));
    const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      const failures = started.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
      expect(failures).toEqual([]);
      for (const server of servers) {
        const response = await fetch(`${server.url}/wc/store/v1/cart`);
        expect(response.status).toBe(200);
      }
      const { openDatabase } = await import('./database.ts');
      const handle = await openDatabase(databaseUrl);
      const categories = await handle.db.selectFrom('categories').select('slug').execute();
      const secrets = await handle.db
        .selectFrom('settings')
        .select('value')
        .where('name', '=', 'session_secret')
        .execute();
      await handle.destroy();
      expect(categories.map((c) => c.slug).sort()).toEqual(['accessories', 'clothing']);
      expect(secrets).toHaveLength(1);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  }, 120_000);
});

describe('a server that died starting up on a SQLite file', () => {
  it('leaves a lock file the next server takes over', async () => {
    const databaseUrl = await emptySqliteDatabase();
    const { spawnSync } = await import('node:child_process');
    const { writeFile } = await import('node:fs/promises');
    // The id of a process that has ended: the crashed server's.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    await writeFile(`${databaseUrl.slice('sqlite:'.length)}.start-up.lock`, String(gone));
    const server = await startServer(databaseUrl);
    try {
      expect((await fetch(`${server.url}/wc/store/v1/cart`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

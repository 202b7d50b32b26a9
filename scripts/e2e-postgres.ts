import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgresCluster } from '../src/platform/db/testing/postgres-cluster.ts';

/**
 * The browser journeys that write shop data (orders, stock, carts, sessions, customers, entries)
 * again, with the shop on PostgreSQL: a throwaway cluster started here, stopped afterwards,
 * whatever happens. A journey takes part by carrying the `@database` tag; pages that only show
 * data (the same markup and queries on either database, each already tested on both by the API
 * tests) run once, on SQLite. Spec files named on the command line run whole.
 */
function playwrightArguments(asked: string[]): string[] {
  return asked.length > 0 ? asked : ['--grep', '@database'];
}

const cluster = await startPostgresCluster();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-pg-'));
let status = 1;
try {
  const result = spawnSync(
    'npx',
    ['playwright', 'test', ...playwrightArguments(process.argv.slice(2))],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        E2E_DATABASE_URL: cluster.url,
        E2E_DATA_DIR: dataDir,
        E2E_PORT: process.env.E2E_PORT ?? '3211',
      },
    },
  );
  status = result.status ?? 1;
} finally {
  cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);

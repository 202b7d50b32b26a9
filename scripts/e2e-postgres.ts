import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgresCluster } from '../src/platform/db/testing/postgres-cluster.ts';

/**
 * The browser journeys that write shop data (orders, stock, carts, sessions, customers, entries)
 * again, with the shop on PostgreSQL: a throwaway cluster started here, stopped afterwards,
 * whatever happens. A journey takes part by carrying the `@database` tag: one journey for each kind
 * of data the browser writes (an order paid by card, by 3DS and cash on delivery, a failed order
 * paid later, concurrent cart writes, a coupon, an account created at checkout, an address, a
 * review, a form entry and a paid form, a mail, attribution). Everything else runs once, on
 * SQLite: the same queries run on both databases in the API tests. Spec files named on the
 * command line run whole.
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
    // Its own output folder: the SQLite run's failures (traces, page snapshots) stay to be read.
    [
      'playwright',
      'test',
      '--output',
      'test-results/postgres',
      // A trace of every failing attempt, not only of a retry: this run's flakes (form-payments'
      // double-clicked 4242) fail first and pass on retry. Its 13 journeys take 1.3 -> 1.9 min.
      '--trace',
      'retain-on-failure',
      ...playwrightArguments(process.argv.slice(2)),
    ],
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

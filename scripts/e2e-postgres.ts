import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgresCluster } from '../src/platform/db/testing/postgres-cluster.ts';

/**
 * The browser journeys again, with the shop on PostgreSQL: a throwaway cluster started here,
 * stopped afterwards, whatever happens.
 */
const cluster = await startPostgresCluster();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-pg-'));
let status = 1;
try {
  const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: {
      ...process.env,
      E2E_DATABASE_URL: cluster.url,
      E2E_DATA_DIR: dataDir,
      E2E_PORT: process.env.E2E_PORT ?? '3211',
    },
  });
  status = result.status ?? 1;
} finally {
  cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(status);

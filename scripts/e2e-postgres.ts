import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgresCluster } from '../src/platform/db/testing/postgres-cluster.ts';

/**
 * The browser journeys again, with the shop on PostgreSQL: a throwaway cluster started here,
 * stopped afterwards, whatever happens.
 */
/**
 * Asked for nothing in particular, every journey that reads or writes shop data; the pages that
 * only check layout and accessibility (the same markup on either database) run once, on SQLite.
 */
function specs(asked: string[]): string[] {
  if (asked.length > 0) return asked;
  const layoutOnly = ['accessibility.spec.ts', 'layout.spec.ts', 'test-processor-pages.spec.ts'];
  return readdirSync('e2e')
    .filter((name) => name.endsWith('.spec.ts') && !layoutOnly.includes(name))
    .map((name) => path.join('e2e', name));
}

const cluster = await startPostgresCluster();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-pg-'));
let status = 1;
try {
  const result = spawnSync('npx', ['playwright', 'test', ...specs(process.argv.slice(2))], {
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

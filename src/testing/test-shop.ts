import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import type { AccountMails } from '../accounts/mails.ts';
import { loadConfig } from '../platform/config/config.ts';
import type { DbKind } from '../platform/db/database.ts';
import { openTestDatabase } from '../platform/db/testing/test-database.ts';
import { createLogger } from '../platform/log/log.ts';
import type { App } from '../platform/http/server.ts';
import type { Clock } from '../platform/jobs/app-server.ts';
import { buildServer } from '../server.ts';
import { createShop, type Shop } from '../shop.ts';

/** Demo images are the same for every test shop: drawn once per machine, shared by all. */
export const sharedTestDataDir = path.join(os.tmpdir(), 'shop-test-data');

export interface TestShop {
  shop: Shop;
  app: App;
  url: string;
  close(): Promise<void>;
}

export async function loadBuild(): Promise<ServerBuild> {
  const file = path.resolve('build/server/index.js');
  if (!existsSync(file))
    throw new Error('No React Router build: run `npm run build` before the page tests.');
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

/**
 * The real server on a fresh, seeded database of the given kind, listening on a free port:
 * what the API tests drive over HTTP.
 */
export async function startTestShop(
  kind: DbKind,
  options: {
    pages?: boolean;
    stripe?: boolean;
    env?: NodeJS.ProcessEnv;
    clock?: Clock;
    accountMails?: AccountMails;
  } = {},
): Promise<TestShop> {
  const database = await openTestDatabase(kind);
  // Made-up keys: the shop then talks to Stripe (only tests that make no payment use them).
  const stripeKeys = {
    STRIPE_SECRET_KEY: 'sk_test_not_a_key',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_not_a_key',
  };
  const config = {
    ...loadConfig({ ...(options.stripe ? stripeKeys : {}), ...options.env }),
    dataDir: sharedTestDataDir,
    port: 0,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
  };
  const shop = await createShop(config, createLogger(config.logLevel), {
    database,
    ...(options.clock && { clock: options.clock }),
    ...(options.accountMails && { accountMails: options.accountMails }),
  });
  const build = options.pages ? await loadBuild() : undefined;
  const app = await buildServer(shop, {
    build,
    clientDir: build ? path.resolve('build/client') : undefined,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  shop.address.host = '127.0.0.1';
  shop.address.port = port;
  return {
    shop,
    app,
    url: `http://127.0.0.1:${port}`,
    async close() {
      // The jobs first: a sweep in flight still talks to this server's test processor.
      await shop.jobs.stop();
      await app.close();
      await shop.close();
    },
  };
}

import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import type { AccountMails } from '../accounts/mails.ts';
import { loadConfig } from '../platform/config/config.ts';
import type { DbKind } from '../platform/db/database.ts';
import {
  createEmptyPostgresDatabase,
  openTestDatabase,
} from '../platform/db/testing/test-database.ts';
import { createLogger } from '../platform/log/log.ts';
import type { App } from '../platform/http/server.ts';
import type { Clock } from '../platform/jobs/app-server.ts';
import type { MailTransport } from '../platform/mail/transport.ts';
import { buildServer } from '../server.ts';
import { createShop, type Shop } from '../shop.ts';

/** Demo images are the same for every test shop: drawn once per machine, shared by all. */
export const sharedTestDataDir = path.join(os.tmpdir(), 'shop-test-data');

export interface TestShop {
  shop: Shop;
  app: App;
  url: string;
  close(): Promise<void>;
  /**
   * Stops this server as a crash would: it stops answering and its database connections go,
   * with nothing finished or handed back (a mail it was sending stays claimed).
   */
  kill(): Promise<void>;
}

export async function loadBuild(): Promise<ServerBuild> {
  const file = path.resolve('build/server/index.js');
  if (!existsSync(file))
    throw new Error('No React Router build: run `npm run build` before the page tests.');
  return (await import(pathToFileURL(file).href)) as ServerBuild;
}

/**
 * A new, empty database of the given kind that several test shops can open (each its own
 * connection, as several app servers would): a SQLite file or a PostgreSQL database.
 */
export async function sharedTestDatabaseUrl(kind: DbKind): Promise<string> {
  if (kind === 'postgres') return createEmptyPostgresDatabase();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-db-'));
  return `sqlite:${path.join(dir, 'shop.sqlite')}`;
}

export interface TestShopOptions {
  pages?: boolean;
  stripe?: boolean;
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
  /** Opens this database (see sharedTestDatabaseUrl) instead of a fresh private one. */
  databaseUrl?: string;
  mailTransport?: MailTransport;
  /** Accounts' mails recorded instead of queued (tests of accounts read the links). */
  accountMails?: AccountMails;
}

/**
 * The real server on a fresh, seeded database of the given kind, listening on a free port:
 * what the API tests drive over HTTP. Without SMTP settings in `env`, its mail goes to an
 * outbox folder of its own, deleted when it closes.
 */
export async function startTestShop(
  kind: DbKind,
  options: TestShopOptions = {},
): Promise<TestShop> {
  const database = options.databaseUrl ? undefined : await openTestDatabase(kind);
  // Made-up keys: the shop then talks to Stripe (only tests that make no payment use them).
  const stripeKeys = {
    STRIPE_SECRET_KEY: 'sk_test_not_a_key',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_not_a_key',
  };
  const outboxDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-outbox-'));
  const loaded = loadConfig({ ...(options.stripe ? stripeKeys : {}), ...options.env });
  const config = {
    ...loaded,
    ...(options.databaseUrl && { databaseUrl: options.databaseUrl }),
    dataDir: sharedTestDataDir,
    port: 0,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    mail: { ...loaded.mail, outboxDir },
  };
  const shop = await createShop(config, createLogger(config.logLevel), {
    ...(database && { database }),
    ...(options.clock && { clock: options.clock }),
    ...(options.accountMails && { accountMails: options.accountMails }),
    ...(options.mailTransport && { mailTransport: options.mailTransport }),
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
  let gone = false;
  return {
    shop,
    app,
    url: `http://127.0.0.1:${port}`,
    async close() {
      if (gone) return;
      gone = true;
      // The jobs first: a sweep in flight still talks to this server's test processor.
      await saysWhenSlow('stopping the jobs', shop.jobs.stop());
      await saysWhenSlow('closing the server', app.close());
      await saysWhenSlow('closing the shop', shop.close());
      await rm(outboxDir, { recursive: true, force: true });
    },
    async kill() {
      if (gone) return;
      gone = true;
      await saysWhenSlow('stopping the jobs', shop.jobs.stop());
      await saysWhenSlow('closing the server', app.close());
      await saysWhenSlow('closing the database', shop.db.destroy());
      await rm(outboxDir, { recursive: true, force: true });
    },
  };
}

/**
 * A step of closing that hangs is named on stderr: a hook's timeout alone would not say which
 * (CI once saw a PostgreSQL shop's close pass the 60 s hook timeout, never reproduced here).
 */
async function saysWhenSlow<T>(step: string, done: Promise<T>): Promise<T> {
  const slowAfterMs = 15_000;
  const started = Date.now();
  const timer = setInterval(() => {
    console.error(`test shop: ${step} still pending after ${Date.now() - started} ms`);
  }, slowAfterMs);
  try {
    return await done;
  } finally {
    clearInterval(timer);
  }
}

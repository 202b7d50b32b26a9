import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seedDemoData } from './demo/seed.ts';
import { openDatabase, type DbKind } from './platform/db/database.ts';
import { databaseKinds, openTestDatabase } from './platform/db/testing/test-database.ts';
import { sharedTestDataDir } from './testing/test-shop.ts';

const mainFile = path.resolve('build/server/main.js');

/** Registered with `--import`: writes down every module URL the server process resolves. */
const RECORD_RESOLVED = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.RESOLVED_LOG, resolved.url + '\\n');
  return resolved;
}`;

async function databaseUrl(kind: DbKind, dir: string): Promise<string> {
  if (kind === 'sqlite') return `sqlite:${path.join(dir, 'shop.sqlite')}`;
  const adminUrl = inject('postgresUrl');
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase(adminUrl);
  await sql.raw(`create database ${name}`).execute(admin.db);
  await admin.destroy();
  return adminUrl.replace(/\/[^/]*$/, `/${name}`);
}

/** Draws the demo images into the shared data dir, unless some test already did. */
async function drawDemoImages(): Promise<void> {
  const scratch = await openTestDatabase('sqlite');
  await seedDemoData(scratch.db, sharedTestDataDir);
  await scratch.destroy();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function answersShop(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 50_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    const status = await fetch(`${base}/shop/`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await sleep(100);
  }
  throw new Error('the built server did not answer /shop/');
}

describe.each(databaseKinds)('the production build on %s', (kind) => {
  let dir: string;
  let base: string;
  let server: ChildProcess;
  const resolvedLog = () => path.join(dir, 'resolved.log');

  beforeAll(async () => {
    if (!existsSync(mainFile)) {
      throw new Error('No server build: run `npm run build` before this test.');
    }
    await drawDemoImages();
    dir = await mkdtemp(path.join(os.tmpdir(), 'shop-build-test-'));
    const hooks = path.join(dir, 'record-resolved.mjs');
    await writeFile(hooks, RECORD_RESOLVED);
    const register = path.join(dir, 'register.mjs');
    await writeFile(
      register,
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
    );
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // As `npm run serve` starts it: plain node, the built file, no TypeScript loader.
    server = spawn(process.execPath, ['--import', pathToFileURL(register).href, mainFile], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        // The demo images are already drawn there; the database is new.
        DATA_DIR: sharedTestDataDir,
        DATABASE_URL: await databaseUrl(kind, dir),
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        RESOLVED_LOG: resolvedLog(),
      },
    });
    await answersShop(base, server);
  }, 60_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('serves a rendered page and a JSON call from one process', async () => {
    const page = await fetch(`${base}/product/classic-hoodie/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Classic Hoodie');
    const cart = await fetch(`${base}/wc/store/v1/cart`);
    expect(cart.status).toBe(200);
    expect(await cart.json()).toMatchObject({ items: [] });
  });

  it('runs plain JavaScript: no tsx, no TypeScript source, React Router bundled in its production build', async () => {
    const resolved = (await readFile(resolvedLog(), 'utf8')).split('\n').filter(Boolean);
    expect(resolved).toContain(pathToFileURL(mainFile).href);
    expect(resolved.filter((url) => /\/node_modules\/tsx\//.test(url))).toEqual([]);
    expect(resolved.filter((url) => /\.tsx?$/.test(url))).toEqual([]);
    expect(
      resolved.filter((url) => /\/node_modules\/(react-router|@react-router)\//.test(url)),
    ).toEqual([]);
    // A restart on drawn images needs no image library.
    expect(resolved.filter((url) => /\/node_modules\/sharp\//.test(url))).toEqual([]);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { seedDemoData } from '../demo/seed.ts';
import type { DbKind } from '../platform/db/database.ts';
import { openTestDatabase } from '../platform/db/testing/test-database.ts';
import { sharedTestDatabaseUrl, sharedTestDataDir } from './test-shop.ts';

const mainFile = path.resolve('build/server/main.js');

export interface BuiltServerOptions {
  /** Node's flags before the built file (`--import …`). */
  nodeArgs?: string[];
  /** Added to (or replacing) the server's environment. */
  env?: Record<string, string>;
  /** Keeps every line the server writes to stdout and stderr (else stderr shows, stdout is dropped). */
  captureOutput?: boolean;
}

export interface BuiltServer {
  base: string;
  mainFile: string;
  process: ChildProcess;
  /** What it wrote, line by line, stdout and stderr together (with `captureOutput`). */
  output: string[];
  /** SIGTERM, as a service manager stops it; resolves once it has exited and its output is read. */
  stop(): Promise<void>;
}

/**
 * The production build as `npm run serve` starts it (plain node, the built file, no TypeScript
 * loader) on a new database of the given kind, answering `/shop/`.
 */
export async function startBuiltServer(
  kind: DbKind,
  options: BuiltServerOptions = {},
): Promise<BuiltServer> {
  if (!existsSync(mainFile)) {
    throw new Error('No server build: run `npm run build` before this test.');
  }
  await drawDemoImages();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...(options.nodeArgs ?? []), mainFile], {
    stdio: options.captureOutput ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'],
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      // The demo images are already drawn there; the database is new.
      DATA_DIR: sharedTestDataDir,
      DATABASE_URL: await sharedTestDatabaseUrl(kind),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...options.env,
    },
  });
  const output: string[] = [];
  for (const stream of [server.stdout, server.stderr]) {
    let partial = '';
    stream?.setEncoding('utf8').on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      output.push(...lines);
    });
    stream?.on('end', () => partial && output.push(partial));
  }
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    // `close`, not `exit`: by then everything it wrote has been read.
    const closed = new Promise((resolve) => server.once('close', resolve));
    server.kill('SIGTERM');
    await closed;
  };
  try {
    await answersShop(base, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, mainFile, process: server, output, stop };
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

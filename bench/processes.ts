/**
 * What the benchmarks share: starting the built shop (this checkout's, or another's for
 * before/after pairs), reading a process's CPU time and memory from /proc, and cleaning up.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const HOST = '127.0.0.1';
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const HOODIE_ID = 1;
export const HOODIE_PAGE = '/product/classic-hoodie/';
export const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const START_TIMEOUT_MS = 120_000;

/** Undone in reverse order at the end, also on error or Ctrl-C. */
export const cleanups: (() => Promise<unknown>)[] = [];

export async function cleanUp(): Promise<void> {
  for (let undo = cleanups.pop(); undo; undo = cleanups.pop()) {
    await undo().catch((error: unknown) => console.error('cleanup failed:', error));
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Clock ticks per second of /proc's CPU times (getconf CLK_TCK; 100 on Linux in practice). */
let ticksPerSecond = 100;

export async function readClockTicks(): Promise<void> {
  ticksPerSecond = await promisify(execFile)('getconf', ['CLK_TCK']).then(
    ({ stdout }) => Number(stdout.trim()) || 100,
    () => 100,
  );
}

/** A process's user + system CPU time in ms, all threads included; null off Linux. */
export function cpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return null;
  }
}

/** A process's resident memory (VmRSS) in MiB; null off Linux. */
export function residentMiB(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kB = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kB === undefined ? null : Number(kB) / 1024;
  } catch {
    return null;
  }
}

export interface StartedShop {
  base: string;
  pid: number | undefined;
  /** From spawning the server to the first 200 answer of /shop/. */
  startMs: number;
  /** The CPU time the process had spent by then. */
  startCpuMs: number | null;
  stop(): Promise<void>;
}

/**
 * What a checkout's `npm run serve` sets before `node build/server/main.js` (its environment) and
 * gives node (its flags), so that a checkout's shop runs as it is served.
 */
export function serveCommand(root: string): { env: Record<string, string>; flags: string[] } {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const serve = /^((?:\w+=\S* )*)node ((?:--\S+ )*)build\/server\/main\.js$/;
  const [, env = '', flags = ''] = serve.exec(scripts?.serve ?? '') ?? [];
  const words = (text: string) => text.split(' ').filter(Boolean);
  return {
    env: Object.fromEntries(words(env).map((pair) => pair.split('='))),
    flags: words(flags),
  };
}

/**
 * A checkout's built shop, as its `npm run serve` starts it: plain JavaScript, no TypeScript
 * loader. A checkout from before the one build (no build/server/main.js) starts as it did then,
 * through tsx.
 */
export async function startShop(
  dataDir: string,
  root = ROOT,
  env: Record<string, string> = {},
): Promise<StartedShop> {
  const port = await freePort();
  const built = existsSync(path.join(root, 'build/server/main.js'));
  const serve = serveCommand(root);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    built ? [...serve.flags, 'build/server/main.js'] : ['--import', 'tsx', 'src/main.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ...serve.env,
        PORT: String(port),
        HOST,
        DATA_DIR: dataDir,
        DATABASE_URL: `sqlite:${path.join(dataDir, 'bench.sqlite')}`,
        LOG_LEVEL: 'warn',
        ...env,
      },
    },
  );
  const stop = () => stopChild(child);
  cleanups.push(stop);
  const base = `http://${HOST}:${port}`;
  await waitFor200(`${base}/shop/`, child);
  return {
    base,
    pid: child.pid,
    startMs: performance.now() - started,
    startCpuMs: cpuMs(child.pid),
    stop,
  };
}

/**
 * Starts the shop once to create and seed its database and images, then stops it: a measured
 * start is a restart, as in production.
 */
export async function seedShop(dataDir: string, root = ROOT): Promise<void> {
  const shop = await startShop(dataDir, root);
  await shop.stop();
}

async function waitFor200(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the shop exited (${child.exitCode ?? child.signalCode}) before it answered`);
    }
    const status = await fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
      async (response) => (await response.arrayBuffer(), response.status),
      () => 0,
    );
    if (status === 200) return;
    await sleep(20);
  }
  throw new Error(`GET ${url} did not answer 200 within ${START_TIMEOUT_MS / 1000} s`);
}

/** Adds the hoodie to a new cart; returns the cookies the answer set (the session among them). */
export async function prepareSession(base: string): Promise<string> {
  const response = await fetch(`${base}/?wc-ajax=add_to_cart`, {
    method: 'POST',
    headers: { ...FORM, ...SAME_ORIGIN },
    body: `product_id=${HOODIE_ID}&quantity=1`,
  });
  if (!response.ok) throw new Error(`add_to_cart answered ${response.status}`);
  const json = (await response.json()) as { cart?: { items?: { name?: string }[] } };
  const name = json.cart?.items?.[0]?.name;
  if (name !== 'Classic Hoodie') {
    throw new Error(`product ${HOODIE_ID} is ${JSON.stringify(name)}, not the Classic Hoodie`);
  }
  const cookies = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => /^[^=]+=./.test(pair));
  if (!cookies.some((pair) => pair.startsWith('shop_session='))) {
    throw new Error('add_to_cart set no shop_session cookie');
  }
  return cookies.join('; ');
}

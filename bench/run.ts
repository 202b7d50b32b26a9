/**
 * Load-tests the built shop against a bare node:http server on the same machine (see README.md).
 * Reports figures; exits non-zero only when the harness fails or a case gets non-2xx answers.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import autocannon, { type Options } from 'autocannon';

const HOST = '127.0.0.1';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;
const START_TIMEOUT_MS = 60_000;
const HOODIE_ID = 1;
const HOODIE_PAGE = '/product/classic-hoodie/';
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

interface Case {
  name: string;
  url: string;
  /** The least acceptable ratio of this case's req/s to bare node:http's; none for the baseline. */
  target?: number;
  request?: Pick<Options, 'method' | 'headers' | 'body'>;
}

interface Figures {
  name: string;
  reqPerSec: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  ratio: number;
  target: number | null;
  result: 'pass' | 'miss' | 'FAIL' | 'baseline' | 'report';
}

/** Undone in reverse order at the end, also on error or Ctrl-C. */
const cleanups: (() => Promise<unknown>)[] = [];

async function cleanUp(): Promise<void> {
  for (let undo = cleanups.pop(); undo; undo = cleanups.pop()) {
    await undo().catch((error: unknown) => console.error('cleanup failed:', error));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A bare server on its own thread, so it does not share an event loop with autocannon: hello world
 * at `/`, and at `/page` the very bytes and headers of the shop's cached product page (autocannon
 * itself reads a 14 kB HTML page far slower than 11 bytes, whatever the server).
 */
async function startBareServer(page: {
  body: Uint8Array;
  headers: Record<string, string>;
}): Promise<string> {
  const code = `
    const http = require('node:http');
    const { parentPort, workerData } = require('node:worker_threads');
    const page = Buffer.from(workerData.body);
    const server = http.createServer((req, res) => {
      if (req.url === '/page') {
        res.writeHead(200, workerData.headers);
        res.end(page);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('hello world');
    });
    server.listen(0, '${HOST}', () => parentPort.postMessage(server.address().port));
  `;
  const worker = new Worker(code, { eval: true, execArgv: [], workerData: page });
  cleanups.push(() => worker.terminate());
  const port = await new Promise<number>((resolve, reject) => {
    worker.once('message', resolve).once('error', reject);
  });
  return `http://${HOST}:${port}`;
}

function stopChild(child: ChildProcess): Promise<void> {
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

async function startShop(dataDir: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'bench.sqlite')}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  });
  cleanups.push(() => stopChild(child));
  const base = `http://${HOST}:${port}`;
  await waitFor200(`${base}/shop/`, child);
  return base;
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
    await sleep(250);
  }
  throw new Error(`GET ${url} did not answer 200 within ${START_TIMEOUT_MS / 1000} s`);
}

/** Adds the hoodie to a new cart; returns the cookies the answer set (the session among them). */
async function prepareSession(base: string): Promise<string> {
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

function cases(bare: string, shop: string, cookie: string): Case[] {
  const addToCart = {
    method: 'POST' as const,
    headers: { ...FORM, ...SAME_ORIGIN },
    body: `product_id=${HOODIE_ID}&quantity=1`,
  };
  return [
    { name: 'bare node:http', url: `${bare}/` },
    { name: 'bare node:http, the cached page bytes (reference)', url: `${bare}/page` },
    { name: `GET ${HOODIE_PAGE} (no session, cached)`, url: shop + HOODIE_PAGE, target: 0.5 },
    {
      name: `GET ${HOODIE_PAGE} (session, rendered)`,
      url: shop + HOODIE_PAGE,
      target: 0.02,
      request: { headers: { cookie } },
    },
    {
      name: 'GET /wc/store/v1/cart',
      url: `${shop}/wc/store/v1/cart`,
      target: 0.3,
      request: { headers: { cookie } },
    },
    {
      name: 'POST /admin-ajax action=refresh_cart',
      url: `${shop}/admin-ajax`,
      request: {
        method: 'POST',
        headers: { ...FORM, ...SAME_ORIGIN, cookie },
        body: 'action=refresh_cart&event=refresh',
      },
    },
    {
      name: 'POST /?wc-ajax=add_to_cart',
      url: `${shop}/?wc-ajax=add_to_cart`,
      target: 0.15,
      request: addToCart,
    },
  ];
}

/** The product page as an anonymous visitor gets it: body and headers. */
async function pageAsSent(
  url: string,
): Promise<{ body: Uint8Array; headers: Record<string, string> }> {
  const response = await fetch(url);
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = Object.fromEntries(
    [...response.headers].filter(
      ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
    ),
  );
  return { body, headers };
}

async function measure(benchCase: Case, baseline: number | undefined): Promise<Figures> {
  const result = await autocannon({
    url: benchCase.url,
    connections: CONNECTIONS,
    duration: SECONDS,
    warmup: { connections: CONNECTIONS, duration: 1 },
    ...benchCase.request,
  });
  const reqPerSec = result.requests.mean;
  const ratio = reqPerSec / (baseline ?? reqPerSec);
  const target = benchCase.target ?? null;
  const failed = result.non2xx > 0 || result.errors > 0;
  return {
    name: benchCase.name,
    reqPerSec,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    ratio,
    target,
    result: failed
      ? 'FAIL'
      : target === null
        ? baseline === undefined
          ? 'baseline'
          : 'report'
        : ratio >= target
          ? 'pass'
          : 'miss',
  };
}

function printTable(rows: Figures[]): void {
  const header = ['case', 'req/s', 'p99 ms', 'ratio', 'target', 'non-2xx', 'errors', 'result'];
  const cells = rows.map((row) => [
    row.name,
    row.reqPerSec.toFixed(0),
    row.p99Ms < 1 ? '<1' : String(row.p99Ms), // autocannon records whole milliseconds
    row.ratio.toFixed(3),
    row.target === null ? '-' : `>= ${row.target}`,
    String(row.non2xx),
    String(row.errors),
    row.result,
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...cells.map((c) => c[i]!.length)),
  );
  const line = (cols: string[]) =>
    cols.map((col, i) => (i === 0 ? col.padEnd(widths[i]!) : col.padStart(widths[i]!))).join('  ');
  console.log(`\n${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}`);
  for (const row of cells) console.log(line(row));
  for (const row of rows.filter((r) => r.result === 'FAIL')) {
    console.log(`FAIL: ${row.name}: ${row.non2xx} non-2xx responses, ${row.errors} errors`);
  }
}

async function main(): Promise<number> {
  if (!(SECONDS > 0)) throw new Error(`BENCH_SECONDS must be a positive number, not ${SECONDS}`);
  console.log(`cpus: ${os.cpus().length}, node ${process.version}`);
  console.log(`${CONNECTIONS} connections, ${SECONDS} s per case after 1 s of warm-up, ${HOST}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const shop = await startShop(dataDir);
  const bare = await startBareServer(await pageAsSent(shop + HOODIE_PAGE));
  const cookie = await prepareSession(shop);
  const rows: Figures[] = [];
  for (const benchCase of cases(bare, shop, cookie)) {
    console.log(`measuring ${benchCase.name} ...`);
    rows.push(await measure(benchCase, rows[0]?.reqPerSec));
  }
  printTable(rows);
  const sameBytes = rows.find((row) => row.name.includes('reference'));
  const cached = rows.find((row) => row.name.includes('(no session, cached)'));
  if (sameBytes && cached) {
    console.log(
      `\ncached page vs bare node:http sending the same bytes: ${(cached.reqPerSec / sameBytes.reqPerSec).toFixed(3)}` +
        ` (the reference row's own ratio, ${sameBytes.ratio.toFixed(3)}, is the most any server can score here with autocannon)`,
    );
  }
  if (process.env.BENCH_JSON) {
    const report = {
      cpus: os.cpus().length,
      node: process.version,
      seconds: SECONDS,
      connections: CONNECTIONS,
      cases: rows,
    };
    await writeFile(process.env.BENCH_JSON, `${JSON.stringify(report, null, 2)}\n`);
  }
  return rows.some((row) => row.result === 'FAIL') ? 1 : 0;
}

process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
process.exitCode = await main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? error.message : error);
  return 1;
});
await cleanUp();

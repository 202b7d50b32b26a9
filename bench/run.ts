/**
 * Load-tests the built shop against a bare node:http server on the same machine (see README.md).
 * Reports figures; exits non-zero only when the harness fails or a case gets non-2xx answers.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get as httpGet } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import {
  FORM,
  HOODIE_ID,
  HOODIE_PAGE,
  HOST,
  ROOT,
  SAME_ORIGIN,
  cleanUp,
  cleanups,
  cpuMs,
  prepareSession,
  readClockTicks,
  residentMiB,
  seedShop,
  startShop,
  stopChild,
  type StartedShop,
} from './processes.ts';
import { measureSizes, printSizes } from './sizes.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/**
 * Every case is loaded this long before it is measured. A fresh Node process keeps compiling hot
 * code for thousands of requests (a page render costs twice its steady-state CPU at first), and a
 * shop serves millions, so the bench measures the steady state.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 5);
/**
 * Each case's ratio divides by bare hello world measured by the same load generator just before
 * it (after its warm-up), for this long: the machine's load drifts over a run of several minutes.
 */
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 3);
const CONNECTIONS = 10;

interface Case {
  name: string;
  url: string;
  /** The process that answers: its CPU time is read from /proc around the measured run. */
  server: 'bare' | 'shop';
  /** The least acceptable ratio of this case's req/s to bare node:http's; none for the baseline. */
  target?: number;
  request?: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string };
  /**
   * Each request from its own client address (X-Forwarded-For, the shop trusting one proxy): the
   * form submissions' per-address limit (20 in 10 minutes) is not what is measured.
   */
  eachFromItsOwnAddress?: boolean;
}

/** One measured run of one case by one load generator. */
interface Run {
  reqPerSec: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

interface Figures extends Run {
  tool: string;
  name: string;
  /** CPU time of the answering process (all its threads) per request, when /proc tells. */
  cpuMsPerRequest: number | null;
  /** Bare hello world's req/s the ratio divides by (measured just before this case). */
  bareReqPerSec: number;
  ratio: number;
  target: number | null;
  result: 'pass' | 'miss' | 'FAIL' | 'baseline' | 'report';
}

interface LoadGenerator {
  name: string;
  describe: string;
  run(benchCase: Case, seconds: number): Promise<Run>;
}

/**
 * A bare node:http server in a process of its own (so its CPU time can be read, and it shares no
 * event loop with the load generator): hello world at `/`, and at `/page` and `/page-browser`
 * the very bytes and headers of the shop's cached product page as sent without and with a
 * browser's Accept-Encoding (load generators read a 14 kB page slower than 11 bytes, whatever
 * the server).
 */
async function startBareServer(
  dir: string,
  pages: Record<'/page' | '/page-browser', SentPage>,
): Promise<{ base: string; pid: number | undefined }> {
  const files: Record<string, { file: string; headers: Record<string, string> }> = {};
  for (const [route, page] of Object.entries(pages)) {
    const file = path.join(dir, `${route.slice(1)}.bin`);
    await writeFile(file, page.body);
    files[route] = { file, headers: page.headers };
  }
  const code = `
    const http = require('node:http');
    const fs = require('node:fs');
    const pages = new Map(Object.entries(${JSON.stringify(files)}).map(
      ([route, page]) => [route, { body: fs.readFileSync(page.file), headers: page.headers }]));
    const server = http.createServer((req, res) => {
      const page = pages.get(req.url);
      if (page) {
        res.writeHead(200, page.headers);
        res.end(page.body);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('hello world');
    });
    server.listen(0, '${HOST}', () => console.log(server.address().port));
  `;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  cleanups.push(() => stopChild(child));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (data: Buffer) => resolve(Number(data.toString().trim())));
    child.once('error', reject).once('exit', () => reject(new Error('bare server exited')));
  });
  return { base: `http://${HOST}:${port}`, pid: child.pid };
}

/** Idle: nothing asked for this long before the memory is read. */
const IDLE_MS = 2_000;
/** Issue 10's targets for a restart on a seeded database. */
const START_TARGET_MS = 1_000;
const RESIDENT_TARGET_MIB = 150;

function printStartAndMemory(start: StartedShop, idleMiB: number | null, loadedMiB: number | null) {
  const mib = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(0)} MiB`);
  const verdict = (value: number | null, target: number) =>
    value === null ? '' : value <= target ? ' (pass)' : ' (miss)';
  console.log(
    `\nstart to first answer (GET /shop/ 200, seeded SQLite database): ${start.startMs.toFixed(0)} ms` +
      `, ${start.startCpuMs === null ? 'n/a' : start.startCpuMs.toFixed(0)} ms of CPU` +
      `; target <= ${START_TARGET_MS} ms${verdict(start.startMs, START_TARGET_MS)}`,
  );
  console.log(
    `resident memory of the shop: ${mib(idleMiB)} idle after start, ${mib(loadedMiB)} idle after the load` +
      `; target <= ${RESIDENT_TARGET_MIB} MiB${verdict(Math.max(idleMiB ?? 0, loadedMiB ?? 0), RESIDENT_TARGET_MIB)}`,
  );
}

/**
 * A valid submission of the demo contact form (seed 002 §7 call 1): its token from
 * `wpforms_get_token`, timestamps a minute apart, multipart as browsers send it.
 */
async function contactSubmission(base: string): Promise<{ body: string; contentType: string }> {
  const answer = await fetch(`${base}/admin-ajax`, {
    method: 'POST',
    headers: FORM,
    body: 'action=wpforms_get_token&formId=contact',
  });
  const token = ((await answer.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`wpforms_get_token answered ${answer.status} without a token`);
  const now = Math.floor(Date.now() / 1000);
  const boundary = '----shopbench7MA4YWxkTrZu0gW';
  const fields: [string, string][] = [
    ['action', 'wpforms_submit'],
    ['wpforms[id]', 'contact'],
    ['wpforms[token]', token],
    ['wpforms[fields][1]', 'Ada Lovelace'],
    ['wpforms[fields][2]', 'ada@example.com'],
    ['wpforms[fields][3]', 'Do you ship the linen shirt to Scotland?'],
    ['wpforms[hp]', ''],
    ['start_timestamp', String(now - 60)],
    ['end_timestamp', String(now - 30)],
    ['page_url', `${base}/forms/contact/`],
  ];
  const body =
    fields
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  const check = await fetch(`${base}/admin-ajax`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-forwarded-for': '10.255.255.1',
    },
    body,
  });
  const checked = (await check.json()) as { success?: boolean };
  if (checked.success !== true)
    throw new Error(`wpforms_submit refused the bench's submission: ${JSON.stringify(checked)}`);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

function cases(
  bare: string,
  shop: string,
  cookie: string,
  submission: { body: string; contentType: string },
): Case[] {
  return [
    { name: 'bare node:http', url: `${bare}/`, server: 'bare' },
    {
      name: 'bare node:http, the cached page bytes (reference)',
      url: `${bare}/page`,
      server: 'bare',
    },
    {
      name: `GET ${HOODIE_PAGE} (no session, cached)`,
      url: shop + HOODIE_PAGE,
      server: 'shop',
      target: 0.5,
    },
    {
      name: `bare node:http, the page bytes a browser gets (reference)`,
      url: `${bare}/page-browser`,
      server: 'bare',
    },
    {
      name: `GET ${HOODIE_PAGE} (no session, cached, a browser's Accept-Encoding)`,
      url: shop + HOODIE_PAGE,
      server: 'shop',
      request: { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } },
    },
    {
      name: `GET ${HOODIE_PAGE} (session, rendered)`,
      url: shop + HOODIE_PAGE,
      server: 'shop',
      target: 0.02,
      request: { headers: { cookie } },
    },
    {
      name: 'GET /wc/store/v1/cart',
      url: `${shop}/wc/store/v1/cart`,
      server: 'shop',
      target: 0.3,
      request: { headers: { cookie } },
    },
    {
      name: 'POST /admin-ajax action=refresh_cart',
      url: `${shop}/admin-ajax`,
      server: 'shop',
      request: {
        method: 'POST',
        headers: { ...FORM, ...SAME_ORIGIN, cookie },
        body: 'action=refresh_cart&event=refresh',
      },
    },
    {
      name: 'POST /?wc-ajax=add_to_cart',
      url: `${shop}/?wc-ajax=add_to_cart`,
      server: 'shop',
      target: 0.15,
      request: {
        method: 'POST',
        headers: { ...FORM, ...SAME_ORIGIN },
        body: `product_id=${HOODIE_ID}&quantity=1`,
      },
    },
    {
      name: 'POST /admin-ajax action=wpforms_submit (contact form, stored)',
      url: `${shop}/admin-ajax`,
      server: 'shop',
      eachFromItsOwnAddress: true,
      request: {
        method: 'POST',
        headers: { 'content-type': submission.contentType },
        body: submission.body,
      },
    },
  ];
}

/** What a browser sends about compression (Chromium 120+). */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

interface SentPage {
  body: Uint8Array;
  headers: Record<string, string>;
}

/** The product page as an anonymous visitor gets it, bytes and headers as sent. */
function pageAsSent(url: string, headers: Record<string, string> = {}): Promise<SentPage> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const sent = Object.entries(response.headers).flatMap(([name, value]) =>
          ['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name) ||
          value === undefined
            ? []
            : [[name, String(value)]],
        );
        resolve({ body: Buffer.concat(chunks), headers: Object.fromEntries(sent) });
      });
    }).on('error', reject);
  });
}

/** The cached page, identity and as a browser gets it; the first request fills the cache. */
async function cachedPages(url: string): Promise<{ identity: SentPage; browser: SentPage }> {
  await pageAsSent(url);
  const identity = await pageAsSent(url);
  const browser = await pageAsSent(url, { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
  for (const page of [identity, browser]) {
    if (page.headers['x-page-cache'] !== 'HIT') throw new Error(`${url} was not a cache hit`);
  }
  return { identity, browser };
}

let addresses = 0;
/** A client address not used before in this run (10.0.0.1, 10.0.0.2, ...). */
function nextAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** autocannon 9 (Node, in this process): the bench's load generator, as issue 2 names it. */
const autocannonTool: LoadGenerator = {
  name: 'autocannon',
  describe: `autocannon ${CONNECTIONS} connections, in the bench process`,
  async run(benchCase, seconds) {
    const result = await autocannon({
      url: benchCase.url,
      connections: CONNECTIONS,
      duration: seconds,
      ...benchCase.request,
      ...(benchCase.eachFromItsOwnAddress
        ? {
            requests: [
              {
                setupRequest: (request: { headers?: Record<string, string> }) => ({
                  ...request,
                  headers: { ...request.headers, 'x-forwarded-for': nextAddress() },
                }),
              },
            ],
          }
        : {}),
    });
    return {
      reqPerSec: result.requests.mean,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    };
  },
};

/** wrk (C, one thread), when installed (Debian: `apt-get install wrk`): a second opinion. */
function wrkTool(dir: string): LoadGenerator {
  let scripts = 0;
  return {
    name: 'wrk',
    describe: `wrk -t1 -c${CONNECTIONS}, a process of its own`,
    async run(benchCase, seconds) {
      const request = benchCase.request ?? {};
      const lua = [
        `wrk.method = ${JSON.stringify(request.method ?? 'GET')}`,
        ...(request.body === undefined ? [] : [`wrk.body = ${JSON.stringify(request.body)}`]),
        ...Object.entries(request.headers ?? {}).map(
          ([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`,
        ),
        ...(benchCase.eachFromItsOwnAddress
          ? [
              `counter = ${scripts * 1_000_000}`,
              'request = function()',
              '  counter = counter + 1',
              // wrk runs LuaJIT (Lua 5.1): no `//` operator.
              '  wrk.headers["x-forwarded-for"] = "11." .. (math.floor(counter / 65536) % 256) .. "." .. (math.floor(counter / 256) % 256) .. "." .. (counter % 256)',
              '  return wrk.format()',
              'end',
            ]
          : []),
      ].join('\n');
      const script = path.join(dir, `case-${scripts++}.lua`);
      await writeFile(script, `${lua}\n`);
      const { stdout, stderr } = await promisify(execFile)('wrk', [
        '-t1',
        `-c${CONNECTIONS}`,
        `-d${seconds}s`,
        '--latency',
        '-s',
        script,
        benchCase.url,
      ]);
      // wrk reports a script it cannot load on stderr and goes on with a plain GET.
      if (stderr.trim() !== '') throw new Error(`wrk: ${stderr.trim()}`);
      return parseWrk(stdout);
    },
  };
}

function parseWrk(output: string): Run {
  const number = (pattern: RegExp) => Number(pattern.exec(output)?.[1] ?? NaN);
  const p99 = /^\s*99%\s+([\d.]+)(us|ms|s)\s*$/m.exec(output);
  const unit = { us: 0.001, ms: 1, s: 1000 }[(p99?.[2] ?? 'ms') as 'us' | 'ms' | 's'];
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  return {
    reqPerSec: number(/Requests\/sec:\s+([\d.]+)/),
    p99Ms: p99 ? Number(p99[1]) * unit : NaN,
    requests: number(/(\d+) requests in/),
    non2xx: /Non-2xx or 3xx responses: (\d+)/.test(output)
      ? number(/Non-2xx or 3xx responses: (\d+)/)
      : 0,
    errors: socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

async function wrkInstalled(): Promise<boolean> {
  if (process.env.BENCH_WRK === '0') return false;
  return promisify(execFile)('wrk', ['--version']).then(
    () => true,
    (error: { stdout?: string }) => /^wrk /.test(error.stdout ?? ''), // wrk --version exits 1
  );
}

async function measure(
  tool: LoadGenerator,
  benchCase: Case,
  pids: Record<Case['server'], number | undefined>,
  bare: Case | undefined,
): Promise<Figures> {
  if (WARMUP_SECONDS > 0) await tool.run(benchCase, WARMUP_SECONDS);
  const baseline = bare && (await tool.run(bare, BASELINE_SECONDS)).reqPerSec;
  const cpuBefore = cpuMs(pids[benchCase.server]);
  const run = await tool.run(benchCase, SECONDS);
  const cpuAfter = cpuMs(pids[benchCase.server]);
  const bareReqPerSec = baseline ?? run.reqPerSec;
  const ratio = run.reqPerSec / bareReqPerSec;
  const target = benchCase.target ?? null;
  const failed = run.non2xx > 0 || run.errors > 0 || !(run.reqPerSec > 0);
  return {
    ...run,
    tool: tool.name,
    name: benchCase.name,
    cpuMsPerRequest:
      cpuBefore === null || cpuAfter === null || !(run.requests > 0)
        ? null
        : (cpuAfter - cpuBefore) / run.requests,
    bareReqPerSec,
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

function printTable(tool: LoadGenerator, rows: Figures[]): void {
  const header = [
    'case',
    'req/s',
    'p99 ms',
    'CPU ms/req',
    'bare req/s',
    'ratio',
    'target',
    'non-2xx',
    'errors',
    'result',
  ];
  const cells = rows.map((row) => [
    row.name,
    row.reqPerSec.toFixed(0),
    row.p99Ms < 1 && tool.name === 'autocannon' ? '<1' : String(+row.p99Ms.toFixed(2)),
    row.cpuMsPerRequest === null ? 'n/a' : row.cpuMsPerRequest.toFixed(3),
    row.bareReqPerSec.toFixed(0),
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
  console.log(`\n${tool.describe}:\n${line(header)}\n${line(widths.map((w) => '-'.repeat(w)))}`);
  for (const row of cells) console.log(line(row));
  for (const row of rows.filter((r) => r.result === 'FAIL')) {
    console.log(`FAIL: ${row.name}: ${row.non2xx} non-2xx responses, ${row.errors} errors`);
  }
  const pairs = [
    ['the cached page bytes (reference)', '(no session, cached)'],
    ['the page bytes a browser gets (reference)', "(no session, cached, a browser's"],
  ] as const;
  for (const [referenceName, caseName] of pairs) {
    const reference = rows.find((row) => row.name.includes(referenceName));
    const page = rows.find((row) => row.name.includes(caseName));
    if (!reference || !page) continue;
    console.log(
      `${page.name}: ${(page.reqPerSec / reference.reqPerSec).toFixed(3)} of bare node:http sending the same bytes` +
        ` (that reference's ratio, ${reference.ratio.toFixed(3)}, is the most any server can score here with ${tool.name})`,
    );
  }
}

async function main(): Promise<number> {
  if (!(SECONDS > 0)) throw new Error(`BENCH_SECONDS must be a positive number, not ${SECONDS}`);
  if (!(WARMUP_SECONDS >= 0)) throw new Error(`BENCH_WARMUP must be 0 or more`);
  if (!(BASELINE_SECONDS > 0)) throw new Error(`BENCH_BASELINE_SECONDS must be positive`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-bench-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  await readClockTicks();
  const tools = [autocannonTool, ...((await wrkInstalled()) ? [wrkTool(dir)] : [])];
  console.log(`cpus: ${os.cpus().length}, node ${process.version}, ${HOST}`);
  console.log(
    `each case: ${WARMUP_SECONDS} s of warm-up, then ${SECONDS} s measured, by ${tools.map((t) => t.describe).join('; then by ')}`,
  );
  console.log(
    `ratio: the case's req/s over bare hello world's, measured by the same tool for ${BASELINE_SECONDS} s just before the case`,
  );
  if (tools.length === 1) console.log('(wrk is not installed: no second opinion)');
  console.log('CPU ms/req: user + system time of the answering process over the measured run');
  await seedShop(path.join(dir, 'shop'));
  // As behind one reverse proxy: the form-submit case sends each request from its own address.
  const shop = await startShop(path.join(dir, 'shop'), ROOT, { TRUST_PROXY: '1' });
  await sleep(IDLE_MS);
  const idleMiB = residentMiB(shop.pid);
  const pages = await cachedPages(shop.base + HOODIE_PAGE);
  const bare = await startBareServer(dir, {
    '/page': pages.identity,
    '/page-browser': pages.browser,
  });
  console.log(
    `cached page: ${pages.identity.body.length} bytes as it is, ${pages.browser.body.length} bytes` +
      ` (${pages.browser.headers['content-encoding'] ?? 'identity'}) for Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}`,
  );
  const pids = { bare: bare.pid, shop: shop.pid };
  const cookie = await prepareSession(shop.base);
  const submission = await contactSubmission(shop.base);
  const sizes = await measureSizes(shop.base, path.join(ROOT, 'build', 'client'));
  const rows = new Map(tools.map((tool) => [tool, [] as Figures[]]));
  const [helloWorld, ...all] = cases(bare.base, shop.base, cookie, submission);
  const only = process.env.BENCH_ONLY;
  const others = only ? all.filter((c) => c.name.includes(only)) : all;
  for (const benchCase of [helloWorld!, ...others]) {
    for (const tool of tools) {
      console.log(`measuring ${benchCase.name} with ${tool.name} ...`);
      const bareFirst = benchCase === helloWorld ? undefined : helloWorld;
      rows.get(tool)!.push(await measure(tool, benchCase, pids, bareFirst));
    }
  }
  await sleep(IDLE_MS);
  const loadedMiB = residentMiB(shop.pid);
  for (const [tool, figures] of rows) printTable(tool, figures);
  printStartAndMemory(shop, idleMiB, loadedMiB);
  printSizes(sizes);
  if (process.env.BENCH_JSON) {
    const report = {
      date: new Date().toISOString(),
      cpus: os.cpus().length,
      node: process.version,
      seconds: SECONDS,
      warmupSeconds: WARMUP_SECONDS,
      baselineSeconds: BASELINE_SECONDS,
      connections: CONNECTIONS,
      startMs: shop.startMs,
      startCpuMs: shop.startCpuMs,
      residentMiB: { idle: idleMiB, afterLoad: loadedMiB },
      sizes,
      cases: [...rows.values()].flat(),
    };
    await writeFile(process.env.BENCH_JSON, `${JSON.stringify(report, null, 2)}\n`);
  }
  return [...rows.values()].flat().some((row) => row.result === 'FAIL') ? 1 : 0;
}

process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
process.exitCode = await main().catch((error: unknown) => {
  console.error('bench failed:', error instanceof Error ? error.message : error);
  return 1;
});
await cleanUp();

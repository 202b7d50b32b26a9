/**
 * Lighthouse 12 on the built shop (issue 14): the product page and the home page, with
 * Lighthouse's mobile settings (a mid-range phone, simulated slow 4G and a 4x slower CPU), five
 * runs each in Debian's Chromium; prints the median of each figure against its target, and the
 * product page's JavaScript on first load. Reports figures; exits non-zero only when the harness
 * fails. `npm run bench:lighthouse` builds first.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';

const HOST = '127.0.0.1';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** STACK.md's flags: headless Chromium that stays off the (closed) network. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');
const PAGES = ['/product/classic-hoodie/', '/'];

interface Target {
  label: string;
  unit: string;
  /** The figure meets its target when `pass(value)`. */
  pass(value: number): boolean;
  goal: string;
}

const targets = {
  performance: { label: 'Performance', unit: '', pass: (v) => v >= 95, goal: '>= 95' },
  accessibility: { label: 'Accessibility', unit: '', pass: (v) => v >= 100, goal: '100' },
  lcp: { label: 'LCP', unit: 's', pass: (v) => v <= 1.8, goal: '<= 1.8 s' },
  tbt: { label: 'TBT', unit: 'ms', pass: (v) => v <= 50, goal: '<= 50 ms' },
  cls: { label: 'CLS', unit: '', pass: (v) => v <= 0.02, goal: '<= 0.02' },
  jsGzipKiB: {
    label: 'JS on first load, gzip',
    unit: 'KiB',
    pass: (v) => v <= 90,
    goal: '<= 90 KiB',
  },
  jsTransferKiB: {
    label: 'JS on first load, as sent (br)',
    unit: 'KiB',
    pass: () => true,
    goal: 'reported',
  },
} satisfies Record<string, Target>;

type FigureName = keyof typeof targets;
type Figures = Record<FigureName, number>;

interface NetworkRequest {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

interface LighthouseResult {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: NetworkRequest[] }; score?: number | null }
  >;
  runWarnings?: string[];
}

const cleanups: (() => Promise<unknown>)[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The built shop on a fresh SQLite database (seeded on its first start), as `npm start` runs it. */
async function startShop(): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-lighthouse-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const port = Number(process.env.LIGHTHOUSE_PORT ?? (await freePort()));
  const child = spawn(process.execPath, ['build/server/main.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'shop.sqlite')}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  });
  cleanups.push(() => stopChild(child));
  const base = `http://${HOST}:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/shop/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return base;
    await sleep(250);
  }
  throw new Error('the shop did not answer within 120 s');
}

const run = promisify(execFile);

async function lighthouse(url: string): Promise<LighthouseResult> {
  const bin = path.join(ROOT, 'node_modules', '.bin', 'lighthouse');
  const { stdout } = await run(
    bin,
    [
      url,
      '--only-categories=performance,accessibility',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { env: { ...process.env, CHROME_PATH: CHROME }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as LighthouseResult;
}

/** A script's gzip size: the build's own .gz copy, or the file gzipped here. */
function gzipBytes(url: string): number {
  const file = path.join(ROOT, 'build', 'client', new URL(url).pathname);
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  if (existsSync(file)) return gzipSync(readFileSync(file), { level: 9 }).length;
  return 0;
}

function figuresOf(result: LighthouseResult): Figures {
  const audit = (name: string) => result.audits[name]?.numericValue ?? Number.NaN;
  const scripts = (result.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  return {
    performance: Math.round((result.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((result.categories.accessibility?.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint') / 1000,
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsGzipKiB: scripts.reduce((sum, item) => sum + gzipBytes(item.url), 0) / 1024,
    jsTransferKiB: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function shown(value: number, unit: string): string {
  if (unit === 's') return `${value.toFixed(2)} s`;
  if (unit === 'ms') return `${Math.round(value)} ms`;
  if (unit === 'KiB') return `${value.toFixed(1)} KiB`;
  return Number.isInteger(value) ? String(value) : value.toFixed(3);
}

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'build', 'server', 'main.js')))
    throw new Error('No build: run `npm run build` (or `npm run bench:lighthouse`).');
  const load = () =>
    os
      .loadavg()
      .map((v) => v.toFixed(2))
      .join(' ');
  console.log(`Lighthouse, mobile settings, ${RUNS} runs a page; load average at start: ${load()}`);
  const base = await startShop();
  for (const page of PAGES) {
    await lighthouse(`${base}${page}`); // warms the server's caches and the page's images
    const runs: Figures[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${base}${page}`);
      for (const warning of result.runWarnings ?? []) console.warn(`  warning: ${warning}`);
      runs.push(figuresOf(result));
    }
    console.log(`\n${page}  (median of ${RUNS}; each run's value in brackets)`);
    for (const key of Object.keys(targets) as FigureName[]) {
      const target: Target = targets[key];
      if (page !== PAGES[0] && key.startsWith('js')) continue;
      const values = runs.map((figures) => figures[key]);
      const value = median(values);
      const verdict = target.pass(value) ? (target.goal === 'reported' ? '' : 'met') : 'MISSED';
      console.log(
        `  ${target.label.padEnd(32)} ${shown(value, target.unit).padStart(10)}   target ${target.goal.padEnd(10)} ${verdict.padEnd(6)} [${values.map((v) => shown(v, target.unit)).join(', ')}]`,
      );
    }
  }
  console.log(`\nload average at the end: ${load()} (${os.cpus().length} cores)`);
}

try {
  await main();
} finally {
  for (let undo = cleanups.pop(); undo; undo = cleanups.pop()) await undo().catch(() => {});
}

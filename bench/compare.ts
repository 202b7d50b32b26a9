/**
 * Before/after pairs on one machine: this checkout's built shop and another checkout's, both up at
 * once, each case loaded in short batches that alternate between them, so the load of a shared
 * machine weighs on both alike. Prints CPU ms per request (user + system of the answering process)
 * per case as the median over the rounds, and the start-up and memory figures of both.
 *
 *   node --import tsx bench/compare.ts <other checkout>   (build both first: `npm run build`)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Options } from 'autocannon';
import {
  FORM,
  HOODIE_ID,
  HOODIE_PAGE,
  SAME_ORIGIN,
  cleanUp,
  cleanups,
  cpuMs,
  prepareSession,
  readClockTicks,
  residentMiB,
  seedShop,
  startShop,
  type StartedShop,
} from './processes.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const CONNECTIONS = 10;

interface Side {
  name: string;
  root: string;
  dataDir: string;
  shop?: StartedShop;
  cookie?: string;
}

interface PairCase {
  name: string;
  /** Requests per batch: a batch takes about a second of CPU on a quiet machine. */
  batch: number;
  request(side: Side): Omit<Options, 'connections' | 'amount'>;
}

const cases: PairCase[] = [
  {
    name: `GET ${HOODIE_PAGE} (no session, cached)`,
    batch: 4000,
    request: (side) => ({ url: side.shop!.base + HOODIE_PAGE }),
  },
  {
    name: `GET ${HOODIE_PAGE} (session, rendered)`,
    batch: 400,
    request: (side) => ({ url: side.shop!.base + HOODIE_PAGE, headers: { cookie: side.cookie! } }),
  },
  {
    name: 'GET /wc/store/v1/cart',
    batch: 4000,
    request: (side) => ({
      url: `${side.shop!.base}/wc/store/v1/cart`,
      headers: { cookie: side.cookie! },
    }),
  },
  {
    name: 'POST /admin-ajax action=refresh_cart',
    batch: 3000,
    request: (side) => ({
      url: `${side.shop!.base}/admin-ajax`,
      method: 'POST',
      headers: { ...FORM, ...SAME_ORIGIN, cookie: side.cookie! },
      body: 'action=refresh_cart&event=refresh',
    }),
  },
  {
    name: 'POST /?wc-ajax=add_to_cart (a new session each)',
    batch: 1500,
    request: (side) => ({
      url: `${side.shop!.base}/?wc-ajax=add_to_cart`,
      method: 'POST',
      headers: { ...FORM, ...SAME_ORIGIN },
      body: `product_id=${HOODIE_ID}&quantity=1`,
    }),
  },
];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** One batch on one side: CPU ms per request, or NaN when an answer was not 2xx. */
async function batch(side: Side, pairCase: PairCase, amount: number): Promise<number> {
  const before = cpuMs(side.shop!.pid);
  const result = await autocannon({
    ...pairCase.request(side),
    connections: CONNECTIONS,
    amount,
  });
  const after = cpuMs(side.shop!.pid);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${side.name}: ${pairCase.name}: ${result.non2xx} non-2xx, ${result.errors} errors`,
    );
  }
  return before === null || after === null ? NaN : (after - before) / result.requests.total;
}

async function compareCase(sides: [Side, Side], pairCase: PairCase): Promise<number[][]> {
  for (const side of sides) await batch(side, pairCase, pairCase.batch * 2); // warm-up
  const figures: number[][] = [[], []];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 ? [1, 0] : [0, 1];
    for (const index of order)
      figures[index]!.push(await batch(sides[index]!, pairCase, pairCase.batch));
  }
  return figures;
}

/** Restarts on the seeded databases, alternating: CPU ms to the first answer and idle memory. */
async function compareStarts(sides: [Side, Side]) {
  const starts: { cpu: number[]; wall: number[]; mib: number[] }[] = sides.map(() => ({
    cpu: [],
    wall: [],
    mib: [],
  }));
  for (let round = 0; round < STARTS; round++) {
    for (const [index, side] of sides.entries()) {
      const shop = await startShop(side.dataDir, side.root);
      await sleep(2_000);
      starts[index]!.cpu.push(shop.startCpuMs ?? NaN);
      starts[index]!.wall.push(shop.startMs);
      starts[index]!.mib.push(residentMiB(shop.pid) ?? NaN);
      await shop.stop();
    }
  }
  return starts;
}

async function main(): Promise<void> {
  const other = process.argv[2];
  if (!other) throw new Error('usage: bench/compare.ts <other checkout>');
  await readClockTicks();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-compare-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const sides: [Side, Side] = [
    {
      name: `before (${path.resolve(other)})`,
      root: path.resolve(other),
      dataDir: path.join(dir, 'a'),
    },
    { name: 'after (this checkout)', root: process.cwd(), dataDir: path.join(dir, 'b') },
  ];
  for (const side of sides) await seedShop(side.dataDir, side.root);
  console.log(`start-up, ${STARTS} alternating restarts on seeded SQLite databases (median):`);
  const starts = await compareStarts(sides);
  for (const [index, side] of sides.entries()) {
    const s = starts[index]!;
    console.log(
      `  ${side.name}: ${median(s.cpu).toFixed(0)} ms of CPU, ${median(s.wall).toFixed(0)} ms wall,` +
        ` ${median(s.mib).toFixed(0)} MiB idle`,
    );
  }
  for (const side of sides) {
    side.shop = await startShop(side.dataDir, side.root);
    side.cookie = await prepareSession(side.shop.base);
  }
  console.log(
    `\nCPU ms per request, median of ${ROUNDS} alternating batches (${CONNECTIONS} connections):`,
  );
  console.log(
    `${'case'.padEnd(52)}  ${'before'.padStart(7)}  ${'after'.padStart(7)}  after/before`,
  );
  for (const pairCase of cases) {
    const [before, after] = await compareCase(sides, pairCase);
    const b = median(before!);
    const a = median(after!);
    console.log(
      `${pairCase.name.padEnd(52)}  ${b.toFixed(3).padStart(7)}  ${a.toFixed(3).padStart(7)}  ${(a / b).toFixed(2).padStart(12)}`,
    );
  }
  await sleep(2_000);
  console.log('\nresident memory idle after the load:');
  for (const side of sides)
    console.log(`  ${side.name}: ${residentMiB(side.shop!.pid)?.toFixed(0)} MiB`);
}

process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
process.exitCode = await main().then(
  () => 0,
  (error: unknown) => {
    console.error('compare failed:', error instanceof Error ? error.message : error);
    return 1;
  },
);
await cleanUp();

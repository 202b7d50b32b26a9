/**
 * The main thread's blocking time of a page's first load, measured rather than simulated: Debian's
 * Chromium with its CPU slowed 4x (Lighthouse's mobile factor), a long-task observer from the first
 * contentful paint until 3 s after hydration, each long task counting what it ran over 50 ms (the
 * TBT sum). Lighthouse's simulated TBT moves by hundreds of milliseconds from run to run on a
 * shared machine; this moves less, and alternating two builds run by run weighs the load on both.
 *
 *   node --import tsx bench/blocking-time.ts [other checkout]   (build each first: `npm run build`)
 *
 * Prints, per page, each build's median and every run (BLOCKING_RUNS runs, default 7).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { HOODIE_PAGE, ROOT, cleanUp, cleanups, seedShop, startShop } from './processes.ts';

const RUNS = Number(process.env.BLOCKING_RUNS ?? 7);
const PAGES = [HOODIE_PAGE, '/'];
const CPU_SLOWDOWN = 4;
const AFTER_HYDRATION_MS = 3_000;
const LONG_TASK_MS = 50;

interface Build {
  name: string;
  base: string;
  runs: Record<string, number[]>;
}

async function startBuild(root: string, name: string): Promise<Build> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-blocking-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  await seedShop(dataDir, root);
  const shop = await startShop(dataDir, root);
  cleanups.push(() => shop.stop());
  return { name, base: shop.base, runs: {} };
}

/** Set up in the page before its own scripts: every long task, kept for the end of the run. */
const OBSERVE_LONG_TASKS = `
  window.longTasks = [];
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) window.longTasks.push([task.startTime, task.duration]);
  }).observe({ type: 'longtask', buffered: true });
`;

/** Resolves once the root has marked the page hydrated (<html data-hydrated>). */
const HYDRATED = `new Promise((resolve) => {
  const hydrated = () => document.documentElement.dataset.hydrated === 'true';
  if (hydrated()) return resolve(true);
  new MutationObserver((_, observer) => {
    if (!hydrated()) return;
    observer.disconnect();
    resolve(true);
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] });
})`;

const READ_TASKS = `JSON.stringify({
  tasks: window.longTasks,
  paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
})`;

/**
 * One first load. The page is watched through the DevTools protocol alone, never through
 * Playwright's locators or evaluate: those compile Playwright's own script into the page on its
 * first use and poll with its selector engine, tasks of about 60 ms each at 4x CPU in a CPU
 * profile, which were counted as the page's until 2026-11-26.
 */
async function blockingTime(browser: import('@playwright/test').Browser, url: string) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.enable');
    await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source: OBSERVE_LONG_TASKS });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url);
    await cdp.send('Runtime.evaluate', { expression: HYDRATED, awaitPromise: true });
    await sleep(AFTER_HYDRATION_MS);
    const read = await cdp.send('Runtime.evaluate', {
      expression: READ_TASKS,
      returnByValue: true,
    });
    const { tasks, paint } = JSON.parse(read.result.value as string) as {
      tasks: [number, number][];
      paint: number;
    };
    return tasks
      .filter(([start]) => start >= paint)
      .reduce((sum, [, duration]) => sum + Math.max(0, duration - LONG_TASK_MS), 0);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function main() {
  const other = process.argv[2];
  const builds = [await startBuild(ROOT, 'this checkout')];
  if (other) builds.unshift(await startBuild(path.resolve(other), other));
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox'],
  });
  cleanups.push(() => browser.close());
  console.log(
    `blocking time at ${CPU_SLOWDOWN}x CPU, ${RUNS} runs a page, builds alternated; load average ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  for (let run = 0; run < RUNS; run++)
    for (const page of PAGES)
      for (const build of builds)
        (build.runs[page] ??= []).push(Math.round(await blockingTime(browser, build.base + page)));
  for (const page of PAGES) {
    console.log(`\n${page}`);
    for (const build of builds) {
      const runs = build.runs[page]!;
      console.log(`  ${build.name}: median ${median(runs)} ms  [${runs.join(', ')}]`);
    }
  }
}

try {
  await main();
} finally {
  await cleanUp();
}

/**
 * Issue 12's size figures, measured in Debian's Chromium as a visitor's browser loads them: the
 * JavaScript `<script src=…/forms/embed.js data-form=…>` loads on a foreign host page until the
 * form works (its runtime attached, `form.wpforms-js`), then what the first focus of an e-mail
 * field adds (the mailcheck library); and the JavaScript the form's own page loads until the
 * same point. Each file is counted gzipped at level 9 (as a CDN would send it), whatever the shop
 * itself sent. Target: the embed's, before a heavy field (date picker, upload, mask, password
 * strength, captcha solver) is used, at most 35 KB. The chunks a heavy field loads when used are
 * listed apart.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Page } from '@playwright/test';
import { chromiumArgs } from '../playwright.config.ts';

export const EMBED_TARGET_KB = 35;

const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** JavaScript files by name, each gzipped. */
type Files = Record<string, number>;
const total = (files: Files) => Object.values(files).reduce((a, b) => a + b, 0);

export interface FormSizes {
  form: string;
  /** embed.js and what it loads until the form works. */
  embed: Files;
  /** What the e-mail field's first focus adds (none when the form has no such field). */
  onEmailFocus: Files;
  /** The form's own page, until the form works. */
  page: Files;
}

export interface SizeFigures {
  forms: FormSizes[];
  /** The embed's chunks that no measured form loaded: the heavy fields' libraries. */
  loadedWhenUsed: Files;
}

/** Records the JavaScript a page loads from the shop, gzipped, by file name. */
function recordScripts(page: Page, shop: string): { files: Files; done: Promise<unknown>[] } {
  const files: Files = {};
  const done: Promise<unknown>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin !== shop || !url.pathname.endsWith('.js')) return;
    done.push(
      response.body().then(
        (body) => (files[path.basename(url.pathname)] = gz(body)),
        () => undefined,
      ),
    );
  });
  return { files, done };
}

async function settle(recorded: { done: Promise<unknown>[] }): Promise<void> {
  for (let seen = -1; seen !== recorded.done.length;) {
    seen = recorded.done.length;
    await Promise.all(recorded.done);
  }
}

/**
 * A plain host page on another origin than the shop's, served from loopback by a real server
 * (Chromium lets only a loopback page's script reach a loopback shop): `/?form={id}`.
 */
async function startHostPage(shop: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const form = new URL(request.url ?? '/', 'http://host').searchParams.get('form') ?? '';
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><html lang="en"><title>Host</title><body><main>
      <script src="${shop}/forms/embed.js" data-form="${encodeURIComponent(form)}" async></script></main>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function measureForm(
  page: Page,
  shop: string,
  host: string,
  form: string,
): Promise<Omit<FormSizes, 'page'>> {
  const loaded = recordScripts(page, shop);
  await page.goto(`${host}?form=${form}`);
  await page.locator('form.wpforms-js').waitFor();
  await settle(loaded);
  const embed = { ...loaded.files };
  const email = page.locator('input[type=email]').first();
  if ((await email.count()) > 0) {
    await email.focus();
    await page.waitForLoadState('networkidle');
    await settle(loaded);
  }
  const onEmailFocus = Object.fromEntries(
    Object.entries(loaded.files).filter(([name]) => !(name in embed)),
  );
  return { form, embed, onEmailFocus };
}

async function measurePage(page: Page, shop: string, form: string): Promise<Files> {
  const loaded = recordScripts(page, shop);
  await page.goto(`${shop}/forms/${form}/`);
  await page.locator('form.wpforms-js').waitFor();
  await settle(loaded);
  return loaded.files;
}

export async function measureSizes(shop: string, clientDir: string): Promise<SizeFigures> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumArgs,
  });
  const host = await startHostPage(shop);
  try {
    const forms: FormSizes[] = [];
    for (const form of ['contact', 'order']) {
      const context = await browser.newContext();
      const embedded = await measureForm(await context.newPage(), shop, host.url, form);
      await context.close();
      const own = await browser.newContext();
      const page = await measurePage(await own.newPage(), shop, form);
      await own.close();
      forms.push({ ...embedded, page });
    }
    const seen = new Set(
      forms.flatMap((f) => [...Object.keys(f.embed), ...Object.keys(f.onEmailFocus)]),
    );
    const loadedWhenUsed: Files = {};
    const dir = path.join(clientDir, 'forms-embed');
    for (const name of await readdir(dir)) {
      if (name.endsWith('.js') && !seen.has(name))
        loadedWhenUsed[name] = gz(await readFile(path.join(dir, name)));
    }
    return { forms, loadedWhenUsed };
  } finally {
    await browser.close();
    await host.close();
  }
}

const list = (files: Files) =>
  Object.entries(files)
    .map(([name, size]) => `${name} ${kb(size)}`)
    .join(' + ');

export function printSizes(figures: SizeFigures): void {
  console.log('\nJavaScript loaded, in Chromium, gzipped (level 9):');
  for (const { form, embed, onEmailFocus, page } of figures.forms) {
    const before = total(embed) + total(onEmailFocus);
    const verdict = before <= EMBED_TARGET_KB * 1024 ? 'pass' : 'miss';
    console.log(
      `  ${form}: embed.js until the form works ${kb(total(embed))} (${list(embed)})` +
        (total(onEmailFocus) > 0
          ? `; + first focus of the e-mail field ${kb(total(onEmailFocus))} (${list(onEmailFocus)})`
          : ''),
    );
    console.log(
      `    before a heavy field: ${kb(before)}, target <= ${EMBED_TARGET_KB} KB (${verdict})`,
    );
    console.log(
      `    its own page /forms/${form}/ until the form works: ${kb(total(page))} in ${Object.keys(page).length} files`,
    );
  }
  for (const [name, size] of Object.entries(figures.loadedWhenUsed))
    console.log(`  embed chunk loaded only when its field is used: ${name} ${kb(size)}`);
}

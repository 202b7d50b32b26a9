/**
 * Issue 12's size figures: embed.js and what it loads before a heavy field is opened, and the
 * JavaScript the form page loads, each gzipped (level 9, as a CDN would send it). Target: the
 * embed's at most 35 KB.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const EMBED_TARGET_KB = 35;

const gz = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export interface SizeFigures {
  embedGzip: number;
  embedFiles: Record<string, number>;
  lazyChunks: Record<string, number>;
  pageGzip: Record<string, number>;
}

/** The files `<script src=…/forms/embed.js>` loads before any heavy field is used. */
async function embedSizes(clientDir: string) {
  const dir = path.join(clientDir, 'forms-embed');
  const files: Record<string, number> = {};
  const lazy: Record<string, number> = {};
  // Loaded at once: app.js, the runtime it imports as soon as the form is shown (live-form.tsx),
  // and everything either imports statically; the rest (date picker, solver, imask, @zxcvbn-ts,
  // mailcheck) loads when its field is used.
  const names = await readdir(dir);
  const queue = ['embed.js', 'app.js', ...names.filter((name) => name.startsWith('runtime-'))];
  for (let name = queue.shift(); name; name = queue.shift()) {
    if (name in files) continue;
    const text = await readFile(path.join(dir, name), 'utf8');
    files[name] = gz(Buffer.from(text));
    for (const match of text.matchAll(/\bfrom\s*["']\.\/([^"']+)["']/g)) queue.push(match[1]!);
  }
  for (const name of names) {
    if (!(name in files)) lazy[name] = gz(await readFile(path.join(dir, name)));
  }
  return { files, lazy };
}

/** The scripts a form page names (module preloads and imports), gzipped. */
async function pageSizes(base: string, clientDir: string, formPath: string) {
  const html = await (await fetch(`${base}${formPath}`)).text();
  const scripts = new Set(
    [...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((match) => match[1]!),
  );
  let total = 0;
  for (const script of scripts) total += gz(await readFile(path.join(clientDir, script)));
  return { total, count: scripts.size };
}

export async function measureSizes(base: string, clientDir: string): Promise<SizeFigures> {
  const embed = await embedSizes(clientDir);
  const embedGzip = Object.values(embed.files).reduce((a, b) => a + b, 0);
  const pageGzip: Record<string, number> = {};
  for (const form of ['contact', 'order']) {
    const page = await pageSizes(base, clientDir, `/forms/${form}/`);
    pageGzip[`/forms/${form}/ (${page.count} scripts)`] = page.total;
  }
  return { embedGzip, embedFiles: embed.files, lazyChunks: embed.lazy, pageGzip };
}

export function printSizes(figures: SizeFigures): void {
  console.log('\nJavaScript sizes, gzipped (level 9):');
  const verdict = figures.embedGzip <= EMBED_TARGET_KB * 1024 ? 'pass' : 'miss';
  const parts = Object.entries(figures.embedFiles).map(([name, size]) => `${name} ${kb(size)}`);
  console.log(
    `  embed.js and what it loads before a heavy field: ${kb(figures.embedGzip)} (${parts.join(' + ')}); target <= ${EMBED_TARGET_KB} KB (${verdict})`,
  );
  for (const [name, size] of Object.entries(figures.lazyChunks))
    console.log(`    loaded when used: ${name} ${kb(size)}`);
  for (const [page, size] of Object.entries(figures.pageGzip))
    console.log(`  form page ${page}: ${kb(size)}`);
}

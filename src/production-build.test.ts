import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './platform/db/testing/test-database.ts';
import { startBuiltServer, type BuiltServer } from './testing/built-server.ts';

/** Registered with `--import`: writes down every module URL the server process resolves. */
const RECORD_RESOLVED = `
import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  appendFileSync(process.env.RESOLVED_LOG, resolved.url + '\\n');
  return resolved;
}`;

describe.each(databaseKinds)('the production build on %s', (kind) => {
  let dir: string;
  let server: BuiltServer | undefined;
  let base: string;
  const resolvedLog = () => path.join(dir, 'resolved.log');

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'shop-build-test-'));
    const hooks = path.join(dir, 'record-resolved.mjs');
    await writeFile(hooks, RECORD_RESOLVED);
    const register = path.join(dir, 'register.mjs');
    await writeFile(
      register,
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
    );
    server = await startBuiltServer(kind, {
      nodeArgs: ['--import', pathToFileURL(register).href],
      env: { RESOLVED_LOG: resolvedLog() },
    });
    base = server.base;
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
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
    expect(resolved).toContain(pathToFileURL(server!.mainFile).href);
    expect(resolved.filter((url) => /\/node_modules\/tsx\//.test(url))).toEqual([]);
    expect(resolved.filter((url) => /\.tsx?$/.test(url))).toEqual([]);
    expect(
      resolved.filter((url) => /\/node_modules\/(react-router|@react-router)\//.test(url)),
    ).toEqual([]);
    // A restart on drawn images needs no image library.
    expect(resolved.filter((url) => /\/node_modules\/sharp\//.test(url))).toEqual([]);
  });
});

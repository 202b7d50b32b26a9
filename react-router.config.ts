import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Config } from '@react-router/dev/config';

/**
 * Brotli and gzip copies of the browser's scripts and styles, made once when the build is done
 * (React Router's manifest module included, written last): the server sends the copy the
 * browser accepts (@fastify/static `preCompressed`), with no work per request.
 */
async function precompress(directory: string): Promise<void> {
  for (const file of await readdir(directory)) {
    if (!/\.(?:js|css|svg)$/.test(file)) continue;
    const target = path.join(directory, file);
    const source = await readFile(target);
    if (source.length < 1024) continue;
    const brotli = { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } };
    await writeFile(`${target}.br`, brotliCompressSync(source, brotli));
    await writeFile(`${target}.gz`, gzipSync(source, { level: 9 }));
  }
}

export default {
  appDirectory: 'app',
  ssr: true,
  async buildEnd({ reactRouterConfig }) {
    await precompress(path.join(reactRouterConfig.buildDirectory, 'client', 'assets'));
  },
  future: {
    // Loaders and actions get the request as it came (no clone per route handler); they read
    // the page's address from their `url` argument, which drops React Router's `.data` details.
    v8_passThroughRequests: true,
  },
} satisfies Config;

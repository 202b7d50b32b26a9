import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip';

/**
 * The encoding to answer a request's Accept-Encoding with: the one with the highest q-value
 * among br and gzip (br on a tie), none when neither is acceptable (absent, or q=0).
 */
export function preferredEncoding(
  accept: string | string[] | undefined,
): ContentEncoding | undefined {
  if (!accept) return undefined;
  let best: ContentEncoding | undefined;
  let bestQ = 0;
  for (const part of (Array.isArray(accept) ? accept.join(',') : accept).split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== 'br' && coding !== 'gzip') continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (!(weight > 0)) continue;
    if (weight > bestQ || (weight === bestQ && coding === 'br')) {
      best = coding;
      bestQ = weight;
    }
  }
  return best;
}

const brotliOptions = (body: Buffer) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 5,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  },
});
const GZIP_LEVEL = 6;

/**
 * A page body compressed for a micro-cache entry: once per entry and encoding, then sent to every
 * visitor whose browser accepts it (about a quarter of the bytes for our HTML). Brotli at
 * quality 5 and gzip at level 6 take about a millisecond for a product page.
 */
export function compress(body: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, brotliOptions(body))
    : gzipSync(body, { level: GZIP_LEVEL });
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The same, off the event loop (libuv's pool): for a page rendered for one visitor. */
export function compressInBackground(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, brotliOptions(body))
    : gzipAsync(body, { level: GZIP_LEVEL });
}

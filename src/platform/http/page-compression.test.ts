import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../testing/test-shop.ts';

/** A raw GET, bytes as sent (fetch would decompress them). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      httpRequest(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('cached pages, compressed for browsers that accept it', () => {
  let t: TestShop;
  beforeAll(async () => {
    t = await startTestShop('sqlite', { pages: true });
  });
  afterAll(() => t.close());

  it('sends the same page as br or gzip when asked, as it is otherwise, and says it varies', async () => {
    const url = `${t.url}/product/classic-hoodie/`;
    const first = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.headers['x-page-cache']).toBe('MISS');
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers.vary).toBe('Accept-Encoding');
    const html = first.body;

    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers).toMatchObject({
      'x-page-cache': 'HIT',
      'content-encoding': 'br',
      vary: 'Accept-Encoding',
      'content-length': String(br.body.length),
    });
    expect(brotliDecompressSync(br.body)).toEqual(html);
    expect(br.body.length).toBeLessThan(html.length / 2);

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(html);

    const plain = await get(url);
    expect(plain.headers['x-page-cache']).toBe('HIT');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toEqual(html);
  });
});

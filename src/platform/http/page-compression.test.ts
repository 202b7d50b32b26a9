import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShopperClient } from '../../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../../testing/test-shop.ts';
import { SESSION_COOKIE } from '../session/session.ts';

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

describe('pages compressed for browsers that accept it', () => {
  let t: TestShop;
  beforeAll(async () => {
    t = await startTestShop('sqlite', { pages: true });
  });
  afterAll(() => t.close());

  it('sends a fresh render and its cached copy as br or gzip when asked, as they are otherwise, and says they vary', async () => {
    const url = `${t.url}/product/classic-hoodie/`;
    const first = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.headers).toMatchObject({
      'x-page-cache': 'MISS',
      'content-encoding': 'br',
      vary: 'Accept-Encoding',
      'content-length': String(first.body.length),
    });
    const html = brotliDecompressSync(first.body);
    expect(first.body.length).toBeLessThan(html.length / 2);

    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers).toMatchObject({
      'x-page-cache': 'HIT',
      'content-encoding': 'br',
      vary: 'Accept-Encoding',
      'content-length': String(br.body.length),
    });
    expect(brotliDecompressSync(br.body)).toEqual(html);

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body)).toEqual(html);

    const plain = await get(url);
    expect(plain.headers['x-page-cache']).toBe('HIT');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toEqual(html);
  });

  it('compresses a page rendered for a visitor with a session, which is never cached', async () => {
    const shopper = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
    await shopper.postForm('/?wc-ajax=add_to_cart', { product_id: '1', quantity: '1' });
    const session = `${SESSION_COOKIE}=${shopper.cookie(SESSION_COOKIE)}`;
    const answer = await get(`${t.url}/cart/`, { 'accept-encoding': 'gzip', cookie: session });
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers['x-page-cache']).toBeUndefined();
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString('utf8')).toContain('Classic Hoodie');
  });
});

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compress, preferredEncoding } from './encoding.ts';

describe('content encoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['GZIP;Q=1, BR;q=1', 'br'],
    ['gzip;q=0', undefined],
    [['gzip', 'br'], 'br'],
  ])('answers Accept-Encoding %j with %s', (accept, expected) => {
    expect(preferredEncoding(accept)).toBe(expected);
  });

  it('compresses so that browsers get the same bytes back', () => {
    const body = Buffer.from('<!DOCTYPE html><p>Classic Hoodie – $45.00</p>'.repeat(200));
    expect(brotliDecompressSync(compress(body, 'br'))).toEqual(body);
    expect(gunzipSync(compress(body, 'gzip'))).toEqual(body);
    expect(compress(body, 'br').length).toBeLessThan(body.length / 4);
  });
});

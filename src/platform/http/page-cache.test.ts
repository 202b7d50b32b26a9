import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.ts';

const page = { status: 200, headers: {}, body: Buffer.from('<html>'), policy: () => '' };

describe('page micro-cache', () => {
  it('serves a page until it expires', () => {
    const cache = new PageCache(1000, 10);
    cache.set('/shop/', page, 0);
    expect(cache.get('/shop/', 999)?.body.toString()).toBe('<html>');
    expect(cache.get('/shop/', 1000)).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = new PageCache(1000, 2);
    cache.set('/a', page, 0);
    cache.set('/b', page, 0);
    cache.set('/c', page, 0);
    expect(cache.get('/a', 1)).toBeUndefined();
    expect(cache.get('/b', 1)).toBeDefined();
    expect(cache.get('/c', 1)).toBeDefined();
  });
});

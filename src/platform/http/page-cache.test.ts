import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.ts';

const page = { status: 200, headers: {}, body: Buffer.from('<html>'), policy: () => '' };

describe('page micro-cache', () => {
  it('serves a page until it expires', () => {
    const clock = { time: 1_000, now: () => clock.time };
    const cache = new PageCache(1000, 10, clock);
    cache.set('/shop/', page);
    clock.time = 2_000;
    expect(cache.get('/shop/')?.body.toString()).toBe('<html>');
    clock.time = 2_001;
    expect(cache.get('/shop/')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = new PageCache(1000, 2);
    cache.set('/a', page);
    cache.set('/b', page);
    cache.set('/c', page);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')).toBeDefined();
    expect(cache.get('/c')).toBeDefined();
  });
});

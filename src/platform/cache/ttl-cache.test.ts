import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('ttl cache', () => {
  it('keeps values until they expire', () => {
    const cache = new TtlCache<number, string>(1000);
    cache.set(1, 'a', 0);
    expect(cache.get(1, 999)).toBe('a');
    expect(cache.get(1, 1000)).toBeUndefined();
  });

  it('loads only the missing keys, once', async () => {
    const cache = new TtlCache<number, string>(1000);
    const asked: number[][] = [];
    const load = async (missing: number[]) => {
      asked.push(missing);
      return new Map(missing.map((k) => [k, `v${k}`] as const));
    };
    expect([...(await cache.getMany([1, 2], load, 0))]).toEqual([
      [1, 'v1'],
      [2, 'v2'],
    ]);
    expect([...(await cache.getMany([2, 3, 3], load, 10))].sort()).toEqual([
      [2, 'v2'],
      [3, 'v3'],
    ]);
    expect(asked).toEqual([[1, 2], [3]]);
  });
});

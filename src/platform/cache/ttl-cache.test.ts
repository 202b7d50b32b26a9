import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

function testClock() {
  const clock = { time: 1_000, now: () => clock.time };
  return clock;
}

describe('ttl cache', () => {
  it('keeps values until they expire', () => {
    const clock = testClock();
    const cache = new TtlCache<number, string>(1000, 10, clock);
    cache.set(1, 'a');
    clock.time = 2_000;
    expect(cache.get(1)).toBe('a');
    clock.time = 2_001;
    expect(cache.get(1)).toBeUndefined();
  });

  it('loads only the missing keys, once', async () => {
    const clock = testClock();
    const cache = new TtlCache<number, string>(1000, 10, clock);
    const asked: number[][] = [];
    const load = async (missing: number[]) => {
      asked.push(missing);
      return new Map(missing.map((k) => [k, `v${k}`] as const));
    };
    expect([...(await cache.getMany([1, 2], load))]).toEqual([
      [1, 'v1'],
      [2, 'v2'],
    ]);
    clock.time = 1_010;
    expect([...(await cache.getMany([2, 3, 3], load))].sort()).toEqual([
      [2, 'v2'],
      [3, 'v3'],
    ]);
    expect(asked).toEqual([[1, 2], [3]]);
  });

  it('keeps a null value: a product known not to exist is not asked for again', () => {
    const cache = new TtlCache<number, string | null>(1000);
    cache.set(1, null);
    expect(cache.get(1)).toBeNull();
  });

  it('keeps nothing when its time is 0 (settings read on every request)', () => {
    const cache = new TtlCache<number, string>(0);
    cache.set(1, 'a');
    expect(cache.get(1)).toBeUndefined();
  });

  it('drops the least recently used value when full', () => {
    const cache = new TtlCache<number, string>(1000, 2);
    cache.set(1, 'a');
    cache.set(2, 'b');
    cache.get(1);
    cache.set(3, 'c');
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBe('a');
    expect(cache.get(3)).toBe('c');
  });
});

import { LRUCache } from 'lru-cache';

/** Where a cache reads the time: the process clock, or a test's own. */
export interface Clock {
  now(): number;
}

/**
 * A small time-limited cache for data that changes rarely and may be seconds stale where it is
 * shown (catalog data on cart widgets, settings). Never for sessions, carts or anything a decision
 * rests on: those are read from the database, so every app server agrees. A time of 0 keeps
 * nothing. Values may be null (a product known not to exist).
 */
export class TtlCache<K extends NonNullable<unknown>, V> {
  private readonly entries: LRUCache<K, { value: V }> | undefined;

  constructor(ttlMs: number, maxEntries = 10_000, clock?: Clock) {
    this.entries =
      ttlMs > 0
        ? new LRUCache<K, { value: V }>({ max: maxEntries, ttl: ttlMs, ...clockOptions(clock) })
        : undefined;
  }

  get(key: K): V | undefined {
    return this.entries?.get(key)?.value;
  }

  set(key: K, value: V): void {
    this.entries?.set(key, { value });
  }

  /** Values for all keys: cached ones as they are, the rest loaded in one call and kept. */
  async getMany(
    keys: readonly K[],
    load: (missing: K[]) => Promise<Map<K, V>>,
  ): Promise<Map<K, V>> {
    const found = new Map<K, V>();
    const missing: K[] = [];
    for (const key of new Set(keys)) {
      const value = this.get(key);
      if (value === undefined) missing.push(key);
      else found.set(key, value);
    }
    if (missing.length > 0) {
      for (const [key, value] of await load(missing)) {
        this.set(key, value);
        found.set(key, value);
      }
    }
    return found;
  }

  clear(): void {
    this.entries?.clear();
  }
}

/** lru-cache's own clock options for a test's clock: read it at every look, not once a millisecond. */
export function clockOptions(clock: Clock | undefined): { perf?: Clock; ttlResolution?: number } {
  return clock ? { perf: clock, ttlResolution: 0 } : {};
}

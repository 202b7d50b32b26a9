/**
 * A small time-limited cache for data that changes rarely and may be seconds stale where it is
 * shown (catalog data on cart widgets). Never for sessions, carts or anything a decision rests on:
 * those are read from the database, so every app server agrees.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: K, now = Date.now()): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, now = Date.now()): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { value, expires: now + this.ttlMs });
  }

  /** Values for all keys: cached ones as they are, the rest loaded in one call and kept. */
  async getMany(
    keys: readonly K[],
    load: (missing: K[]) => Promise<Map<K, V>>,
    now = Date.now(),
  ): Promise<Map<K, V>> {
    const found = new Map<K, V>();
    const missing: K[] = [];
    for (const key of new Set(keys)) {
      const value = this.get(key, now);
      if (value === undefined) missing.push(key);
      else found.set(key, value);
    }
    if (missing.length > 0) {
      for (const [key, value] of await load(missing)) {
        this.set(key, value, now);
        found.set(key, value);
      }
    }
    return found;
  }

  clear(): void {
    this.entries.clear();
  }
}

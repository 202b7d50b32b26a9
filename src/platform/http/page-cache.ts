import { LRUCache } from 'lru-cache';
import { clockOptions, type Clock } from '../cache/ttl-cache.ts';
import { PAGE_CACHE_MAX_ENTRIES, PAGE_CACHE_TTL_MS } from '../constants/index.ts';
import type { ContentEncoding } from './encoding.ts';

export interface CachedPage {
  status: number;
  /** Every header to send, cache headers included. */
  headers: Record<string, string>;
  body: Buffer;
  /** The Content-Security-Policy for one replay, given its fresh nonce: it lists the `sha256-…`
   * of the body's inline scripts, which keep their render's nonce. */
  policy: (nonce: string) => string;
  /** The body compressed, with its headers: made on the first request that accepts each. */
  encoded: Partial<Record<ContentEncoding, { headers: Record<string, string>; body: Buffer }>>;
}

/**
 * A short in-process micro-cache for pages answered to visitors without a session. Such pages
 * carry no per-visitor data, so one render serves everyone for a few seconds; it holds no state
 * that another app server would need. When full, the page asked for least recently goes.
 */
export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;

  constructor(ttlMs = PAGE_CACHE_TTL_MS, maxEntries = PAGE_CACHE_MAX_ENTRIES, clock?: Clock) {
    this.entries = new LRUCache({ max: maxEntries, ttl: ttlMs, ...clockOptions(clock) });
  }

  get(key: string): CachedPage | undefined {
    return this.entries.get(key);
  }

  set(key: string, page: Omit<CachedPage, 'encoded'>): void {
    this.entries.set(key, { ...page, encoded: {} });
  }

  clear(): void {
    this.entries.clear();
  }
}

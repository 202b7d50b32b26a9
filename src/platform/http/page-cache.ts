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
  expires: number;
}

/**
 * A short in-process micro-cache for pages answered to visitors without a session. Such pages
 * carry no per-visitor data, so one render serves everyone for a few seconds; it holds no state
 * that another app server would need.
 */
export class PageCache {
  private readonly entries = new Map<string, CachedPage>();

  constructor(
    private readonly ttlMs = PAGE_CACHE_TTL_MS,
    private readonly maxEntries = PAGE_CACHE_MAX_ENTRIES,
  ) {}

  get(key: string, now = Date.now()): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, page: Omit<CachedPage, 'expires' | 'encoded'>, now = Date.now()): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { ...page, encoded: {}, expires: now + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}

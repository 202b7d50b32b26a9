import { TtlCache } from '../platform/cache/ttl-cache.ts';
import { CATALOG_CACHE_TTL_MS } from '../platform/constants/index.ts';
import type { CatalogRepo } from './catalog.repo.ts';
import type { Product, ProductImage } from './product-rules.ts';

/**
 * Products and images as cart widgets show them, kept for a couple of seconds per app server so a
 * cart read costs no catalog queries. Stock and prices that matter are re-read when an order is made.
 */
export function catalogCache(ttlMs = CATALOG_CACHE_TTL_MS) {
  const products = new TtlCache<number, Product | null>(ttlMs);
  const images = new TtlCache<number, ProductImage[]>(ttlMs);
  return {
    async productsByIds(
      catalog: CatalogRepo,
      ids: readonly number[],
    ): Promise<Map<number, Product>> {
      const found = await products.getMany(ids, async (missing) => {
        const loaded = await catalog.productsByIds(missing);
        return new Map(missing.map((id) => [id, loaded.get(id) ?? null]));
      });
      return new Map([...found].filter((entry): entry is [number, Product] => entry[1] !== null));
    },

    async imagesOf(
      catalog: CatalogRepo,
      ids: readonly number[],
    ): Promise<Map<number, ProductImage[]>> {
      return images.getMany(ids, async (missing) => {
        const loaded = await catalog.imagesOf(missing);
        return new Map(missing.map((id) => [id, loaded.get(id) ?? []]));
      });
    },

    clear(): void {
      products.clear();
      images.clear();
    },
  };
}

export type CatalogCache = ReturnType<typeof catalogCache>;

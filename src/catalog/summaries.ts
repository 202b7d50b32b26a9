import type { CatalogRepo } from './catalog.repo.ts';
import { currentPrice, isInStock, priceRange, type Product } from './product-rules.ts';
import type { ProductSummary } from './ui/product-card.tsx';

/** Listing cards for products: first image, current price ("from" the cheapest variation). */
export async function productSummaries(
  catalog: CatalogRepo,
  products: Product[],
): Promise<ProductSummary[]> {
  const images = await catalog.imagesOf(products.map((p) => p.id));
  const variable = products.filter((p) => p.type === 'variable');
  const ranges = new Map(
    await Promise.all(
      variable.map(async (p) => [p.id, priceRange(await catalog.variationsOf(p.id))] as const),
    ),
  );
  return products.map((product) => {
    const range = ranges.get(product.id);
    return {
      id: product.id,
      slug: product.slug,
      name: product.name,
      type: product.type,
      price: range ? range.min : currentPrice(product),
      regularPrice: range ? range.min : product.regularPrice,
      priceIsFrom: range !== undefined && range.min !== range.max,
      billingPeriod: product.billingPeriod,
      inStock: isInStock(product),
      image: images.get(product.id)?.[0] ?? null,
      averageRating: product.averageRating,
      ratingCount: product.ratingCount,
    };
  });
}

import type { Product } from './product-rules.ts';

/** A product for domain tests: a simple, untracked-stock product unless told otherwise. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    slug: 'classic-hoodie',
    name: 'Classic Hoodie',
    type: 'simple',
    parentId: null,
    categoryId: null,
    sku: '',
    description: '',
    shortDescription: '',
    regularPrice: 4500,
    salePrice: null,
    stock: null,
    billingPeriod: null,
    attributes: {},
    attributeOptions: {},
    menuOrder: 0,
    totalSales: 0,
    ratingCount: 0,
    averageRating: 0,
    reviewCount: 0,
    weightGrams: null,
    dimensions: null,
    createdAt: '',
    ...overrides,
  };
}

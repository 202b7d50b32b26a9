import { MAX_ITEM_QUANTITY } from '../platform/constants/index.ts';
import type { Money } from '../platform/money/money.ts';

export type ProductType = 'simple' | 'variable' | 'variation' | 'subscription';

export interface Product {
  id: number;
  slug: string;
  name: string;
  type: ProductType;
  parentId: number | null;
  categoryId: number | null;
  sku: string;
  description: string;
  shortDescription: string;
  regularPrice: Money;
  salePrice: Money | null;
  /** null when stock is not tracked. */
  stock: number | null;
  billingPeriod: string | null;
  /** A variation's chosen values, e.g. { Size: 'S' }. */
  attributes: Record<string, string>;
  /** A variable product's choices, e.g. { Size: ['S', 'M', 'L'] }. */
  attributeOptions: Record<string, string[]>;
  menuOrder: number;
  totalSales: number;
  /** Approved reviews with a rating, and their average (0 when none). */
  ratingCount: number;
  averageRating: number;
  /** Approved reviews, rated or not. */
  reviewCount: number;
  weightGrams: number | null;
  dimensions: string | null;
  createdAt: string;
}

export interface ProductImage {
  file: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
}

export function currentPrice(product: Pick<Product, 'regularPrice' | 'salePrice'>): Money {
  return product.salePrice ?? product.regularPrice;
}

export function isOnSale(product: Pick<Product, 'regularPrice' | 'salePrice'>): boolean {
  return product.salePrice !== null && product.salePrice < product.regularPrice;
}

export function isInStock(product: Pick<Product, 'stock'>): boolean {
  return product.stock === null || product.stock > 0;
}

/** A variable product is bought through one of its variations, never itself. */
export function canBeAddedDirectly(product: Pick<Product, 'type'>): boolean {
  return product.type !== 'variable';
}

/** The most of one product a cart item may hold. */
export function maxPurchaseQuantity(product: Pick<Product, 'stock'>): number {
  return product.stock === null ? MAX_ITEM_QUANTITY : Math.min(product.stock, MAX_ITEM_QUANTITY);
}

/** Whole-percent discount of a price against its old price, e.g. 18.00 vs 24.00 -> 25. */
export function discountPercent(price: Money, oldPrice: Money): number {
  if (oldPrice <= 0 || price >= oldPrice) return 0;
  return Math.round(((oldPrice - price) / oldPrice) * 100);
}

/** The variation whose attributes match every chosen value, if any. */
export function findVariation(
  variations: readonly Product[],
  chosen: Record<string, string>,
): Product | undefined {
  return variations.find((variation) =>
    Object.entries(variation.attributes).every(
      ([name, value]) => chosen[name]?.toLowerCase() === value.toLowerCase(),
    ),
  );
}

/** Lowest and highest current price among variations: the "from – to" of a variable product. */
export function priceRange(variations: readonly Product[]): { min: Money; max: Money } | undefined {
  if (variations.length === 0) return undefined;
  const prices = variations.map(currentPrice);
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/** Form field name WooCommerce uses for an attribute: `attribute_size`. */
export function attributeFieldName(attribute: string): string {
  return `attribute_${attribute.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

import { format, messages } from '../platform/messages/index.ts';
import type { Money } from '../platform/money/money.ts';
import {
  currentPrice,
  discountPercent,
  isInStock,
  isOnSale,
  type Product,
} from './product-rules.ts';

/** Seed 000 §2: Buy now sends the visitor to the checkout page after adding the product. */
export const BUY_NOW_TARGET = '/checkout/';
/** Seed 000 §7: Buy now adds one. */
export const BUY_NOW_QUANTITY = 1;

/**
 * One row of a category tab (seed 000 §3 "Product variant in a category tab": id, price,
 * old_price, discount): a variation of a variable product, or a simple product as its own variant.
 */
export interface CategoryVariant {
  /** What is bought: the variation, or the product itself. */
  id: number;
  /** The product the row belongs to: the parent of a variation. */
  productId: number;
  /** Set for a variation only (add_to_cart's `variation_id`). */
  variationId: number | null;
  /** What a person reads: `Size M` for a variation, the product's name otherwise. */
  name: string;
  price: Money;
  /** The regular price, when the variant is on sale. */
  oldPrice: Money | null;
  /** Whole percent off the old price; 0 when not on sale. */
  discount: number;
  billingPeriod: string | null;
  inStock: boolean;
}

/** A variation's attributes as a person reads them, e.g. `Size M` or `Size M, Colour Sand`. */
export function variantName(variation: Pick<Product, 'name' | 'attributes'>): string {
  const parts = Object.entries(variation.attributes).map(([name, value]) =>
    format(messages.variantAttribute, { name, value }),
  );
  return parts.length > 0 ? parts.join(', ') : variation.name;
}

function toVariant(buyable: Product, productId: number, name: string): CategoryVariant {
  const price = currentPrice(buyable);
  const onSale = isOnSale(buyable);
  return {
    id: buyable.id,
    productId,
    variationId: buyable.id === productId ? null : buyable.id,
    name,
    price,
    oldPrice: onSale ? buyable.regularPrice : null,
    discount: onSale ? discountPercent(price, buyable.regularPrice) : 0,
    billingPeriod: buyable.billingPeriod,
    inStock: isInStock(buyable),
  };
}

/**
 * The rows of one product's tab: each variation of a variable product (in the order given), or
 * the product itself. A variable product without variations has none: nothing can be bought.
 */
export function categoryVariants(
  product: Product,
  variations: readonly Product[],
): CategoryVariant[] {
  if (product.type !== 'variable') return [toVariant(product, product.id, product.name)];
  return variations
    .filter((variation) => variation.parentId === product.id)
    .map((variation) => toVariant(variation, product.id, variantName(variation)));
}

/**
 * Seed 000 §7, buy now: `product_sku` (empty), `product_id`, `quantity` 1; a variation goes as
 * its parent's `product_id` with `variation_id`, as add_to_cart takes it.
 */
export function buyNowPayload(
  variant: Pick<CategoryVariant, 'productId' | 'variationId'>,
): Record<string, string> {
  const payload: Record<string, string> = {
    product_sku: '',
    product_id: String(variant.productId),
    quantity: String(BUY_NOW_QUANTITY),
  };
  if (variant.variationId !== null) payload.variation_id = String(variant.variationId);
  return payload;
}

/**
 * Buy now without JavaScript: a form that GETs the checkout with `?add-to-cart={id}` (the
 * variation's own id for a variation). The server adds it, then redirects to the checkout.
 */
export function buyNowFormFields(variant: Pick<CategoryVariant, 'id'>): Record<string, string> {
  return { 'add-to-cart': String(variant.id) };
}

import { describe, expect, it } from 'vitest';
import { MAX_ITEM_QUANTITY } from '../platform/constants/index.ts';
import {
  attributeFieldName,
  currentPrice,
  discountPercent,
  findVariation,
  isOnSale,
  maxPurchaseQuantity,
  priceRange,
} from './product-rules.ts';
import { makeProduct } from './product.fixture.ts';

const product = makeProduct;

describe('product pricing', () => {
  it('uses the sale price when there is one', () => {
    expect(currentPrice(product({ regularPrice: 2400, salePrice: 1800 }))).toBe(1800);
    expect(isOnSale(product({ regularPrice: 2400, salePrice: 1800 }))).toBe(true);
    expect(isOnSale(product({ regularPrice: 2400 }))).toBe(false);
  });

  it('computes the discount shown beside an old price', () => {
    expect(discountPercent(1800, 2400)).toBe(25);
    expect(discountPercent(2400, 2400)).toBe(0);
    expect(discountPercent(100, 0)).toBe(0);
  });

  it('gives the price range of variations', () => {
    const sizes = [
      product({ regularPrice: 3000 }),
      product({ regularPrice: 3400 }),
      product({ regularPrice: 3200 }),
    ];
    expect(priceRange(sizes)).toEqual({ min: 3000, max: 3400 });
    expect(priceRange([])).toBeUndefined();
  });
});

describe('stock limits', () => {
  it('caps purchase quantity at stock when stock is tracked', () => {
    expect(maxPurchaseQuantity(product({ stock: 1 }))).toBe(1);
    expect(maxPurchaseQuantity(product({ stock: null }))).toBe(MAX_ITEM_QUANTITY);
  });
});

describe('variations', () => {
  const variations = [
    product({ id: 11, attributes: { Size: 'S' } }),
    product({ id: 12, attributes: { Size: 'M' } }),
  ];

  it('finds the variation matching the chosen attributes, case-insensitively', () => {
    expect(findVariation(variations, { Size: 'm' })?.id).toBe(12);
    expect(findVariation(variations, { Size: 'XL' })).toBeUndefined();
    expect(findVariation(variations, {})).toBeUndefined();
  });

  it('names attribute fields as WooCommerce does', () => {
    expect(attributeFieldName('Size')).toBe('attribute_size');
  });
});

import { describe, expect, it } from 'vitest';
import {
  BUY_NOW_TARGET,
  buyNowFormFields,
  buyNowPayload,
  categoryVariants,
  variantName,
} from './category-variants.ts';
import { makeProduct } from './product.fixture.ts';

const shirt = makeProduct({
  id: 10,
  slug: 'linen-shirt',
  name: 'Linen Shirt',
  type: 'variable',
  regularPrice: 3000,
  attributeOptions: { Size: ['S', 'M', 'L'] },
});
const size = (id: number, value: string, regularPrice: number, salePrice: number | null = null) =>
  makeProduct({
    id,
    slug: `linen-shirt-${value.toLowerCase()}`,
    name: `Linen Shirt - ${value}`,
    type: 'variation',
    parentId: 10,
    regularPrice,
    salePrice,
    attributes: { Size: value },
  });

describe('variants of a category tab', () => {
  it('lists each variation of a variable product with its own id and price', () => {
    const variants = categoryVariants(shirt, [
      size(11, 'S', 3000),
      size(12, 'M', 3200),
      size(13, 'L', 3400),
    ]);
    expect(variants.map((v) => [v.id, v.productId, v.variationId, v.name, v.price])).toEqual([
      [11, 10, 11, 'Size S', 3000],
      [12, 10, 12, 'Size M', 3200],
      [13, 10, 13, 'Size L', 3400],
    ]);
    expect(variants.every((v) => v.oldPrice === null && v.discount === 0)).toBe(true);
  });

  it('makes a simple product its own single variant, named as the product', () => {
    expect(categoryVariants(makeProduct({ id: 1, name: 'Classic Hoodie' }), [])).toEqual([
      {
        id: 1,
        productId: 1,
        variationId: null,
        name: 'Classic Hoodie',
        price: 4500,
        oldPrice: null,
        discount: 0,
        billingPeriod: null,
        inStock: true,
      },
    ]);
  });

  it('gives the old price and the whole-percent discount of a variant on sale', () => {
    const [tote] = categoryVariants(
      makeProduct({ id: 3, name: 'Canvas Tote', regularPrice: 2400, salePrice: 1800 }),
      [],
    );
    expect(tote).toMatchObject({ price: 1800, oldPrice: 2400, discount: 25 });
    const [third] = categoryVariants(makeProduct({ regularPrice: 3000, salePrice: 2000 }), []);
    expect(third!.discount).toBe(33);
    const [sized] = categoryVariants(shirt, [size(12, 'M', 3200, 2400)]);
    expect(sized).toMatchObject({ price: 2400, oldPrice: 3200, discount: 25 });
  });

  it('shows no old price or discount for a "sale" price that is not lower', () => {
    const [variant] = categoryVariants(makeProduct({ regularPrice: 2400, salePrice: 2400 }), []);
    expect(variant).toMatchObject({ price: 2400, oldPrice: null, discount: 0 });
  });

  it('marks a variant without stock, and keeps a subscription period', () => {
    const [lamp] = categoryVariants(makeProduct({ stock: 0 }), []);
    expect(lamp!.inStock).toBe(false);
    const [club] = categoryVariants(
      makeProduct({ type: 'subscription', billingPeriod: 'month', regularPrice: 1200 }),
      [],
    );
    expect(club).toMatchObject({ billingPeriod: 'month', variationId: null, inStock: true });
  });

  it('has nothing to buy for a variable product without variations, or with others’', () => {
    expect(categoryVariants(shirt, [])).toEqual([]);
    expect(categoryVariants(shirt, [{ ...size(21, 'S', 3000), parentId: 99 }])).toEqual([]);
  });

  it('names a variation by all its attributes, or by its own name without any', () => {
    expect(variantName({ name: 'x', attributes: { Size: 'M', Colour: 'Sand' } })).toBe(
      'Size M, Colour Sand',
    );
    expect(variantName({ name: 'Linen Shirt - M', attributes: {} })).toBe('Linen Shirt - M');
  });
});

describe('buy now', () => {
  it('posts the seed fields: empty product_sku, product_id and quantity 1', () => {
    expect(buyNowPayload({ productId: 1, variationId: null })).toEqual({
      product_sku: '',
      product_id: '1',
      quantity: '1',
    });
  });

  it("posts a variation as its parent's product_id with variation_id", () => {
    expect(buyNowPayload({ productId: 10, variationId: 12 })).toEqual({
      product_sku: '',
      product_id: '10',
      quantity: '1',
      variation_id: '12',
    });
  });

  it('without JavaScript, adds the variant by its own id on the way to the checkout', () => {
    expect(BUY_NOW_TARGET).toBe('/checkout/');
    expect(buyNowFormFields({ id: 12 })).toEqual({ 'add-to-cart': '12' });
  });
});

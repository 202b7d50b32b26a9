import { describe, expect, it } from 'vitest';
import type { AddToCartVariation } from '../../catalog/ui/selling.tsx';
import { addToCartFields } from './add-to-cart-form.tsx';

const medium: AddToCartVariation = {
  id: 14,
  attributes: { Size: 'M' },
  price: 3200,
  regularPrice: 3200,
  inStock: true,
  maxQuantity: 9999,
};

describe('the product form’s fields for an add', () => {
  it('are the product and quantity for a simple product', () => {
    expect(addToCartFields(7, '2', undefined, {})).toEqual({ product_id: '7', quantity: '2' });
  });

  it('carry the chosen variation and its options under the form’s field names', () => {
    expect(addToCartFields(12, '1', medium, { Size: 'M' })).toEqual({
      product_id: '12',
      quantity: '1',
      variation_id: '14',
      attribute_size: 'M',
    });
  });

  it('carry the options alone while no variation matches them', () => {
    expect(addToCartFields(12, '1', undefined, { Size: 'XL' })).toEqual({
      product_id: '12',
      quantity: '1',
      attribute_size: 'XL',
    });
  });
});

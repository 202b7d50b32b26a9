import { describe, expect, it } from 'vitest';
import { ShopError } from './shop-error.ts';

describe('ShopError', () => {
  it('is recognised by instanceof even when thrown by another copy of the class', () => {
    const error = new ShopError('out_of_stock', 'No more.', 409);
    expect(error).toBeInstanceOf(ShopError);
    expect(error).toBeInstanceOf(Error);
    // What a second bundle's copy of the class would create: same brand, another class.
    const foreign = Object.assign(new Error('x'), { [Symbol.for('shop.ShopError')]: true });
    expect(foreign instanceof ShopError).toBe(true);
    expect(new Error('plain') instanceof ShopError).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { makeProduct } from '../catalog/product.fixture.ts';
import { ShopError } from '../platform/errors/shop-error.ts';
import {
  addToCart,
  cartHash,
  emptyCart,
  itemsCount,
  mergeCarts,
  priceCart,
  removeItem,
  setItemQuantity,
} from './cart-contents.ts';
import { makeCoupon } from './coupon.fixture.ts';

const product = makeProduct;

const hoodie = product({});
const lamp = product({ id: 2, name: 'Desk Lamp', regularPrice: 6000, stock: 1 });
const shirtM = product({
  id: 12,
  name: 'Linen Shirt - M',
  type: 'variation',
  parentId: 10,
  regularPrice: 3200,
  attributes: { Size: 'M' },
});

function errorCode(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ShopError) return error.code;
    throw error;
  }
  return undefined;
}

describe('adding to the cart', () => {
  it('merges the same product into one line', () => {
    const once = addToCart(emptyCart, hoodie, 1).cart;
    const twice = addToCart(once, hoodie, 2).cart;
    expect(twice.items).toHaveLength(1);
    expect(twice.items[0]?.quantity).toBe(3);
    expect(itemsCount(twice)).toBe(3);
  });

  it('keeps variations of one product on separate lines with their attributes', () => {
    const cart = addToCart(addToCart(emptyCart, hoodie, 1).cart, shirtM, 1).cart;
    expect(cart.items.map((i) => i.variation)).toEqual([{}, { Size: 'M' }]);
  });

  it('refuses a variable product itself, zero or negative quantities, and more than stock', () => {
    expect(errorCode(() => addToCart(emptyCart, product({ type: 'variable' }), 1))).toBe(
      'variation_required',
    );
    expect(errorCode(() => addToCart(emptyCart, hoodie, 0))).toBe('invalid_quantity');
    expect(errorCode(() => addToCart(emptyCart, hoodie, -1))).toBe('invalid_quantity');
    expect(errorCode(() => addToCart(emptyCart, hoodie, 1.5))).toBe('invalid_quantity');
    expect(errorCode(() => addToCart(emptyCart, lamp, 2))).toBe('not_enough_stock');
    const withLamp = addToCart(emptyCart, lamp, 1).cart;
    expect(errorCode(() => addToCart(withLamp, lamp, 1))).toBe('not_enough_stock');
    expect(errorCode(() => addToCart(emptyCart, product({ stock: 0 }), 1))).toBe('out_of_stock');
  });
});

describe('changing the cart', () => {
  const cart = addToCart(emptyCart, hoodie, 2).cart;
  const key = cart.items[0]!.key;

  it('sets a quantity, and removes the line at zero', () => {
    expect(setItemQuantity(cart, key, 5, hoodie).items[0]?.quantity).toBe(5);
    expect(setItemQuantity(cart, key, 0, hoodie).items).toHaveLength(0);
  });

  it('refuses unknown keys and negative quantities', () => {
    expect(errorCode(() => setItemQuantity(cart, 'nope', 1, hoodie))).toBe('cart_item_not_found');
    expect(errorCode(() => setItemQuantity(cart, key, -3, hoodie))).toBe('invalid_quantity');
    expect(errorCode(() => removeItem(cart, 'nope'))).toBe('cart_item_not_found');
  });

  it('changes its hash whenever its contents change', () => {
    expect(cartHash(emptyCart)).toBe('');
    expect(cartHash(cart)).not.toBe(cartHash(setItemQuantity(cart, key, 3, hoodie)));
    expect(cartHash(cart)).toBe(cartHash(addToCart(emptyCart, hoodie, 2).cart));
  });
});

describe('pricing the cart', () => {
  const tote = product({ id: 3, regularPrice: 2400, salePrice: 1800 });
  const products = new Map([hoodie, tote].map((p) => [p.id, p]));
  const cart = addToCart(addToCart(emptyCart, hoodie, 2).cart, tote, 1).cart;
  const save10 = makeCoupon();
  const flat5 = makeCoupon({ code: 'FLAT5', discountType: 'fixed_cart', amount: 500 });

  it('uses current catalog prices, sale prices included', () => {
    const totals = priceCart(cart, products);
    expect(totals.subtotal).toBe(2 * 4500 + 1800);
    expect(totals.total).toBe(10800);
    expect(totals.itemsCount).toBe(3);
  });

  it('applies percent and fixed coupons in order, never below zero', () => {
    expect(priceCart(cart, products, [save10]).total).toBe(10800 - 1080);
    expect(priceCart(cart, products, [save10, flat5]).discountTotal).toBe(1080 + 500);
    const small = addToCart(emptyCart, product({ id: 9, regularPrice: 300 }), 1).cart;
    expect(
      priceCart(small, new Map([[9, product({ id: 9, regularPrice: 300 })]]), [flat5]).total,
    ).toBe(0);
  });

  it('drops lines whose product is gone', () => {
    expect(priceCart(cart, new Map([[hoodie.id, hoodie]])).lines).toHaveLength(1);
  });
});

describe('a guest cart brought into a saved cart at log-in', () => {
  const item = (productId: number, quantity: number) => ({
    key: `k${productId}`,
    productId,
    quantity,
    variation: {},
  });

  it('keeps every line of both; the guest’s wins where both hold the same product', () => {
    const saved = { items: [item(1, 1), item(2, 5)], coupons: ['SAVE10'] };
    const guest = { items: [item(2, 1), item(3, 2)], coupons: ['SAVE10', 'FLAT5'] };
    expect(mergeCarts(saved, guest)).toEqual({
      items: [item(1, 1), item(2, 1), item(3, 2)],
      coupons: ['SAVE10', 'FLAT5'],
    });
  });

  it('keeps the guest’s destination, else the saved one', () => {
    const destination = { country: 'GB', state: '', postcode: '', city: '' };
    expect(mergeCarts({ ...emptyCart, customer: { destination } }, emptyCart).customer).toEqual({
      destination,
    });
    expect(mergeCarts(emptyCart, emptyCart)).toEqual(emptyCart);
  });
});

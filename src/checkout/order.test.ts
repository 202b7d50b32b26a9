import { describe, expect, it } from 'vitest';
import { canTransition, isPaid, sameCart, statusName, type OrderStatus } from './order.ts';

describe('order status', () => {
  it('counts processing and completed as paid', () => {
    expect(isPaid('processing')).toBe(true);
    expect(isPaid('completed')).toBe(true);
    expect(isPaid('pending')).toBe(false);
    expect(isPaid('failed')).toBe(false);
  });

  it('never moves a paid order back to pending or failed', () => {
    expect(canTransition('pending', 'processing')).toBe(true);
    expect(canTransition('pending', 'failed')).toBe(true);
    expect(canTransition('failed', 'processing')).toBe(true);
    expect(canTransition('processing', 'failed')).toBe(false);
    expect(canTransition('processing', 'pending')).toBe(false);
    expect(canTransition('processing', 'processing')).toBe(false);
    expect(canTransition('cancelled', 'processing')).toBe(false);
  });

  it('names every status as WooCommerce does, none of them “Paid”', () => {
    const statuses: OrderStatus[] = [
      'pending',
      'processing',
      'on-hold',
      'completed',
      'cancelled',
      'refunded',
      'failed',
    ];
    expect(statuses.map(statusName)).toEqual([
      'Pending payment',
      'Processing',
      'On hold',
      'Completed',
      'Cancelled',
      'Refunded',
      'Failed',
    ]);
  });

  it('never reopens a refunded order', () => {
    expect(canTransition('refunded', 'processing')).toBe(false);
  });
});

describe('the cart an order was placed from (WooCommerce’s cart hash)', () => {
  const line = (productId: number, quantity: number) => ({
    productId,
    name: `Product ${productId}`,
    sku: '',
    quantity,
    unitPrice: 4500,
    subtotal: 4500 * quantity,
    total: 4500 * quantity,
  });
  const cart = {
    currency: 'USD',
    total: 9500,
    coupons: [] as string[],
    lines: [line(1, 2)],
  };

  it('is the same for the same lines, coupons, currency and total, whatever else changed', () => {
    expect(sameCart(cart, { ...cart, lines: [{ ...line(1, 2), sku: 'NEW-SKU' }] })).toBe(true);
  });

  it('changes with a line, its quantity, a coupon, the currency or the total', () => {
    expect(sameCart(cart, { ...cart, lines: [line(1, 3)] })).toBe(false);
    expect(sameCart(cart, { ...cart, lines: [line(1, 2), line(2, 1)] })).toBe(false);
    expect(sameCart(cart, { ...cart, lines: [line(2, 2)] })).toBe(false);
    expect(sameCart(cart, { ...cart, coupons: ['SAVE10'] })).toBe(false);
    expect(sameCart(cart, { ...cart, currency: 'EUR' })).toBe(false);
    expect(sameCart(cart, { ...cart, total: 9000 })).toBe(false);
  });
});

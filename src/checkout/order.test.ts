import { describe, expect, it } from 'vitest';
import { canTransition, isPaid, statusName, type OrderStatus } from './order.ts';

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

import { describe, expect, it } from 'vitest';
import { clampQuantity } from './slide-out-cart.tsx';

describe('typed quantities in the slide-out cart', () => {
  it('are clamped to the limits, in whole steps', () => {
    expect(clampQuantity(999, 1, 1)).toBe(1);
    expect(clampQuantity(0, 1, 10)).toBe(1);
    expect(clampQuantity(-4, 1, 10)).toBe(1);
    expect(clampQuantity(3.6, 1, 10)).toBe(4);
    expect(clampQuantity(Number.NaN, 1, 10)).toBe(1);
    expect(clampQuantity(7, 1, 10)).toBe(7);
  });
});

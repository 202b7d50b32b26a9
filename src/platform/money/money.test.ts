import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney, percentOf, rescale, toDecimalString } from './money.ts';

describe('money', () => {
  it('parses decimal amounts into minor units', () => {
    expect(parseMoney('45.00')).toBe(4500);
    expect(parseMoney('0.5')).toBe(50);
    expect(parseMoney('12')).toBe(1200);
    expect(parseMoney('-3.25')).toBe(-325);
  });

  it('refuses text that is not an amount', () => {
    expect(() => parseMoney('4,50')).toThrow();
    expect(() => parseMoney('1.234')).toThrow();
    expect(() => parseMoney('abc')).toThrow();
  });

  it('formats for people with symbol and grouping', () => {
    expect(formatMoney(4500)).toBe('$45.00');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
    expect(formatMoney(-500)).toBe('-$5.00');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('writes machine-readable decimals', () => {
    expect(toDecimalString(1805)).toBe('18.05');
    expect(toDecimalString(7)).toBe('0.07');
  });

  it('rescales between decimal places, rounding half away from zero', () => {
    expect(rescale(1234, 2, 0)).toBe(12);
    expect(rescale(1250, 2, 0)).toBe(13);
    expect(rescale(-1250, 2, 0)).toBe(-13);
    expect(rescale(12, 0, 2)).toBe(1200);
  });

  it('takes percentages in whole minor units', () => {
    expect(percentOf(4500, 10)).toBe(450);
    expect(percentOf(1805, 10)).toBe(181);
  });
});

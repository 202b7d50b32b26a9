import { describe, expect, it } from 'vitest';
import {
  amountCharacters,
  DEFAULT_AMOUNT_STYLE as usd,
  formatAmount,
  formatAmountNumber,
  parseAmount,
  sanitizeAmount,
  type AmountStyle,
} from './amount-style.ts';

const euro: AmountStyle = {
  decimals: 2,
  decimalSeparator: ',',
  thousandSeparator: '.',
  symbol: '€',
  symbolPosition: 'right',
};
const yen: AmountStyle = { ...usd, decimals: 0, symbol: '¥' };

describe('amounts written in a form’s own currency style', () => {
  it.each([
    [0, usd, '$0.00'],
    [4500, usd, '$45.00'],
    [123456789, usd, '$1,234,567.89'],
    [-500, usd, '-$5.00'],
    [123450, euro, '1.234,50 €'],
    [1500, yen, '¥1,500'],
  ])('%i in %o is %s', (amount, style, text) => {
    expect(formatAmount(amount, style)).toBe(text);
  });

  it('writes the number alone for the user-entered amount', () => {
    expect(formatAmountNumber(123450, usd)).toBe('1,234.50');
    expect(formatAmountNumber(5, euro)).toBe('0,05');
  });

  it('keeps only digits, period and comma while typing (seed 002 §5)', () => {
    expect(amountCharacters('$1,2a3.4-5 ')).toBe('1,23.45');
  });

  it.each([
    ['12', usd, 1200],
    ['12.5', usd, 1250],
    ['1,234.56', usd, 123456],
    ['.5', usd, 50],
    ['1.234,56', euro, 123456],
    ['7', yen, 7],
    ['-5', usd, undefined],
    ['1.234', usd, undefined],
    ['1.2.3', usd, undefined],
    ['abc', usd, undefined],
    ['', usd, undefined],
    ['1,5', usd, 1500],
  ])('parses %j strictly (%o) as %s', (text, style, minor) => {
    expect(parseAmount(text, style)).toBe(minor);
  });

  it.each([
    ['$1,234.567', usd, 123457],
    ['12.344', usd, 1234],
    ['0.999', usd, 100],
    ['1.2.3', usd, 120],
    ['1.234,5', euro, 123450],
    ['12,5 €', euro, 1250],
    ['9.6', yen, 10],
    ['abc', usd, undefined],
    ['..', usd, undefined],
  ])('sanitises %j on blur (%o) as %s', (text, style, minor) => {
    expect(sanitizeAmount(text, style)).toBe(minor);
  });
});

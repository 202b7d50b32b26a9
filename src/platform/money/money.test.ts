import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  isCurrencyCode,
  isLocale,
  moneyFormatter,
  parseMoney,
  percentOf,
  rescale,
  toDecimalString,
} from './money.ts';

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

  it('writes the shop’s currency in the shop’s locale, with the currency’s own decimal places', () => {
    const euros = { currency: 'EUR', locale: 'de-DE' };
    expect(formatMoney(123450, euros)).toBe('1.234,50\u00a0€');
    expect(formatMoney(-500, euros)).toBe('-5,00\u00a0€');
    expect(formatMoney(4500, { currency: 'GBP', locale: 'en-GB' })).toBe('£45.00');
    expect(formatMoney(1500, { currency: 'JPY', locale: 'ja-JP' })).toBe('￥1,500');
    expect(formatMoney(4500, { currency: 'EUR', locale: 'en-US' })).toBe('€45.00');
  });

  it('describes the currency as the Store API does: symbol, minor unit, separators, prefix, suffix', () => {
    expect(moneyFormatter().currency).toEqual({
      code: 'USD',
      symbol: '$',
      minorUnit: 2,
      decimalSeparator: '.',
      thousandSeparator: ',',
      prefix: '$',
      suffix: '',
    });
    expect(moneyFormatter({ currency: 'EUR', locale: 'de-DE' }).currency).toEqual({
      code: 'EUR',
      symbol: '€',
      minorUnit: 2,
      decimalSeparator: ',',
      thousandSeparator: '.',
      prefix: '',
      suffix: '\u00a0€',
    });
    expect(moneyFormatter({ currency: 'JPY', locale: 'en-US' }).currency.minorUnit).toBe(0);
  });

  it('knows the currency codes and locales Intl knows, and nothing else', () => {
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('XYZW')).toBe(false);
    expect(isLocale('de-DE')).toBe(true);
    expect(isLocale('not a locale')).toBe(false);
  });

  it('writes machine-readable decimals', () => {
    expect(toDecimalString(1805)).toBe('18.05');
    expect(toDecimalString(7)).toBe('0.07');
    expect(toDecimalString(1500, 0)).toBe('1500');
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

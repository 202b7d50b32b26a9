/** Money is an integer count of a currency's minor units. */
export type Money = number;

/** How the shop shows money: its currency (ISO 4217) and its locale (BCP 47), from its settings. */
export interface MoneyFormat {
  currency: string;
  locale: string;
}

/** WooCommerce's defaults: US dollars, written as in the United States. */
export const DEFAULT_MONEY_FORMAT: MoneyFormat = { currency: 'USD', locale: 'en-US' };

/** A currency as the Store API describes it (WooCommerce's `currency_*` fields), for a locale. */
export interface Currency {
  code: string;
  symbol: string;
  /** Decimal places of its minor unit: 2 for USD, 0 for JPY. */
  minorUnit: number;
  decimalSeparator: string;
  thousandSeparator: string;
  /** What is written before and after the number (symbol and any space). */
  prefix: string;
  suffix: string;
}

interface MoneyFormatter {
  currency: Currency;
  format(amount: Money): string;
}

const formatters = new Map<string, MoneyFormatter>();

function describeCurrency(number: Intl.NumberFormat, code: string): Currency {
  const parts = number.formatToParts(-1234567.5);
  const text = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const first = parts.findIndex((part) => part.type === 'integer');
  const last = parts.findLastIndex((part) => part.type === 'integer' || part.type === 'fraction');
  const outside = (from: number, to: number) =>
    parts
      .slice(from, to)
      .filter((part) => part.type !== 'minusSign')
      .map((part) => part.value)
      .join('');
  return {
    code,
    symbol: text('currency'),
    minorUnit: number.resolvedOptions().maximumFractionDigits ?? 2,
    decimalSeparator: text('decimal'),
    thousandSeparator: text('group'),
    prefix: outside(0, first),
    suffix: outside(last + 1, parts.length),
  };
}

/** The shop's one way to write money (Intl.NumberFormat), made once per currency and locale. */
export function moneyFormatter(format: MoneyFormat = DEFAULT_MONEY_FORMAT): MoneyFormatter {
  const key = `${format.locale}|${format.currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const number = new Intl.NumberFormat(format.locale, {
      style: 'currency',
      currency: format.currency,
    });
    const currency = describeCurrency(number, format.currency);
    formatter = {
      currency,
      // The exact decimal string, not a float: Intl.NumberFormat takes it as written.
      format: (amount) => number.format(toDecimalString(amount, currency.minorUnit) as `${number}`),
    };
    formatters.set(key, formatter);
  }
  return formatter;
}

/** 123450 -> "$1,234.50" (en-US, USD): what a person reads. */
export function formatMoney(amount: Money, format: MoneyFormat = DEFAULT_MONEY_FORMAT): string {
  return moneyFormatter(format).format(amount);
}

/** Whether Intl knows a currency code (`EUR`) and a locale (`de-DE`): the settings keep only these. */
export function isCurrencyCode(code: string): boolean {
  return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
}

export function isLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** "45.00" -> 4500. Throws on anything that is not a plain decimal amount. */
export function parseMoney(text: string, minorUnit = 2): Money {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`Not an amount: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > minorUnit) throw new Error(`Too many decimals: ${text}`);
  const minor = Number(whole) * 10 ** minorUnit + Number(fraction.padEnd(minorUnit, '0') || 0);
  return sign ? -minor : minor;
}

/** 4500 -> "45.00" (no symbol, no grouping): for machine-readable places. */
export function toDecimalString(amount: Money, minorUnit = 2): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  if (minorUnit === 0) return `${sign}${abs}`;
  const scale = 10 ** minorUnit;
  const fraction = String(abs % scale).padStart(minorUnit, '0');
  return `${sign}${Math.floor(abs / scale)}.${fraction}`;
}

/**
 * Rescales an amount between currencies' decimal places (seed 001 §5), rounding half away from zero.
 */
export function rescale(amount: Money, fromDigits: number, toDigits: number): Money {
  if (fromDigits === toDigits) return amount;
  if (toDigits > fromDigits) return amount * 10 ** (toDigits - fromDigits);
  const divisor = 10 ** (fromDigits - toDigits);
  return Math.sign(amount) * Math.round(Math.abs(amount) / divisor);
}

/** Percentage of an amount, rounded half away from zero to a whole minor unit. */
export function percentOf(amount: Money, percent: number): Money {
  return Math.sign(amount) * Math.round((Math.abs(amount) * percent) / 100);
}

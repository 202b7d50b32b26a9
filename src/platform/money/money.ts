/** Money is an integer count of a currency's minor units. */
export type Money = number;

export interface Currency {
  code: string;
  symbol: string;
  minorUnit: number;
  decimalSeparator: string;
  thousandSeparator: string;
  symbolPosition: 'left' | 'right';
}

export const USD: Currency = {
  code: 'USD',
  symbol: '$',
  minorUnit: 2,
  decimalSeparator: '.',
  thousandSeparator: ',',
  symbolPosition: 'left',
};

/** "45.00" -> 4500. Throws on anything that is not a plain decimal amount. */
export function parseMoney(text: string, currency: Currency = USD): Money {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`Not an amount: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > currency.minorUnit) throw new Error(`Too many decimals: ${text}`);
  const minor =
    Number(whole) * 10 ** currency.minorUnit +
    Number(fraction.padEnd(currency.minorUnit, '0') || 0);
  return sign ? -minor : minor;
}

/** 4500 -> "45.00" (no symbol, no grouping): for machine-readable places. */
export function toDecimalString(amount: Money, currency: Currency = USD): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  if (currency.minorUnit === 0) return `${sign}${abs}`;
  const scale = 10 ** currency.minorUnit;
  const fraction = String(abs % scale).padStart(currency.minorUnit, '0');
  return `${sign}${Math.floor(abs / scale)}.${fraction}`;
}

/** 123450 -> "$1,234.50": what a person reads. */
export function formatMoney(amount: Money, currency: Currency = USD): string {
  const [whole = '0', fraction] = toDecimalString(Math.abs(amount), currency).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, currency.thousandSeparator);
  const number =
    fraction === undefined ? grouped : `${grouped}${currency.decimalSeparator}${fraction}`;
  const withSymbol =
    currency.symbolPosition === 'left'
      ? `${currency.symbol}${number}`
      : `${number}${currency.symbol}`;
  return amount < 0 ? `-${withSymbol}` : withSymbol;
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

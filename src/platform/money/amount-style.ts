import type { Money } from './money.ts';

/**
 * Money written the way a site owner set it up, mark by mark, as WPForms' currency settings do
 * (seed 002 §3: `currency_symbol`, `currency_symbol_pos`, `currency_thousands`,
 * `currency_decimal`, `currency_decimals`), rather than by a locale. Amounts stay integer minor
 * units; only their text is styled. The form builder's prices, totals and user-entered amounts
 * go through here.
 */
export interface AmountStyle {
  /** Decimal places of the minor unit (2 for USD). */
  decimals: number;
  decimalSeparator: string;
  thousandSeparator: string;
  symbol: string;
  symbolPosition: 'left' | 'right';
}

/** Seed 002 §9's defaults: USD, `$` on the left, comma thousands, period decimals, 2 places. */
export const DEFAULT_AMOUNT_STYLE: AmountStyle = {
  decimals: 2,
  decimalSeparator: '.',
  thousandSeparator: ',',
  symbol: '$',
  symbolPosition: 'left',
};

/** 123450 -> `1,234.50` (no symbol): what the user-entered amount shows after it is left. */
export function formatAmountNumber(amount: Money, style: AmountStyle): string {
  const negative = amount < 0;
  const abs = Math.abs(Math.trunc(amount));
  const scale = 10 ** style.decimals;
  const whole = String(Math.floor(abs / scale)).replace(
    /\B(?=(\d{3})+(?!\d))/g,
    style.thousandSeparator,
  );
  const fraction =
    style.decimals > 0
      ? `${style.decimalSeparator}${String(abs % scale).padStart(style.decimals, '0')}`
      : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** 123450 -> `$1,234.50`, or `1,234.50 $` with the symbol on the right (WPForms' spacing). */
export function formatAmount(amount: Money, style: AmountStyle): string {
  const number = formatAmountNumber(Math.abs(amount), style);
  const sign = amount < 0 ? '-' : '';
  return style.symbolPosition === 'left'
    ? `${sign}${style.symbol}${number}`
    : `${sign}${number} ${style.symbol}`;
}

/** Seed 002 §5: while typing, a user-entered amount keeps only digits, period and comma. */
export function amountCharacters(text: string): string {
  return text.replace(/[^0-9.,]/g, '');
}

/**
 * A written amount in this style, strictly: digits with the thousands mark between groups as
 * the person likes, one decimal mark, at most `decimals` places. Minor units, or undefined when
 * the text is not a non-negative amount (a minus, letters, a second decimal mark, too many
 * places).
 */
export function parseAmount(text: string, style: AmountStyle): Money | undefined {
  const trimmed = text.trim();
  const withoutThousands = style.thousandSeparator
    ? trimmed.split(style.thousandSeparator).join('')
    : trimmed;
  const parts = style.decimalSeparator
    ? withoutThousands.split(style.decimalSeparator)
    : [withoutThousands];
  const [whole = '', fraction = '', ...rest] = parts;
  if (rest.length > 0 || !/^\d*$/.test(whole) || !/^\d*$/.test(fraction)) return undefined;
  if (whole === '' && fraction === '') return undefined;
  if (fraction.length > style.decimals || whole.length > 15) return undefined;
  const minor = Number(whole || '0') * 10 ** style.decimals;
  return minor + Number(fraction.padEnd(style.decimals, '0') || '0');
}

/**
 * WPForms' `amountSanitize`: what a person typed, read leniently when they leave the field.
 * Anything but digits and the two marks goes; where the decimal mark is a comma a period is a
 * thousands mark, and the other way round; the amount is rounded half up to the style's places.
 * Undefined when nothing of an amount is left.
 */
export function sanitizeAmount(text: string, style: AmountStyle): Money | undefined {
  let kept = amountCharacters(text);
  const commaDecimal = style.decimalSeparator === ',';
  kept = commaDecimal ? kept.replace(/\./g, '') : kept.replace(/,/g, '');
  if (commaDecimal) kept = kept.replace(',', '.');
  const [whole = '', rest = ''] = kept.split('.');
  // As parseFloat reads it: the fraction ends at a second decimal mark.
  const fraction = /^\d*/.exec(rest)![0];
  if (!/\d/.test(whole + fraction) || whole.length > 15) return undefined;
  const places = style.decimals;
  const digits = `${whole || '0'}${fraction.slice(0, places).padEnd(places, '0')}`;
  const roundUp = Number(fraction.charAt(places) || '0') >= 5 ? 1 : 0;
  return Number(digits) + roundUp;
}

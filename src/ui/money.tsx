import { createContext, useContext } from 'react';
import {
  DEFAULT_MONEY_FORMAT,
  moneyFormatter,
  type Money,
  type MoneyFormat,
} from '../platform/money/money.ts';

/** The shop's currency and locale (its settings), handed to every page by the root layout. */
export const MoneyFormatContext = createContext<MoneyFormat>(DEFAULT_MONEY_FORMAT);

/**
 * Writes amounts as the shop does: its locale, and its currency unless another is named (an
 * order keeps the currency it was placed in).
 */
export function useFormatMoney(currency?: string): (amount: Money) => string {
  const format = useContext(MoneyFormatContext);
  const formatter = moneyFormatter(currency ? { ...format, currency } : format);
  return formatter.format;
}

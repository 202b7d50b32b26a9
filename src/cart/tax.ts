import type { Money } from '../platform/money/money.ts';
import type { Destination } from './shipping.ts';

export interface TaxRate {
  country: string;
  /** '' for every state of the country. */
  state: string;
  /** Hundredths of a percent: 2000 is 20 %. */
  rate: number;
  label: string;
  appliesToShipping: boolean;
}

export interface TaxLine {
  label: string;
  rate: number;
  itemsTax: Money;
  shippingTax: Money;
  amount: Money;
}

/** The most specific rate for the destination: its state's, else its country's. */
export function taxRateFor(rates: readonly TaxRate[], destination: Destination): TaxRate | null {
  const ofCountry = rates.filter((r) => r.country === destination.country);
  return (
    ofCountry.find((r) => r.state !== '' && r.state === destination.state) ??
    ofCountry.find((r) => r.state === '') ??
    null
  );
}

const ofAmount = (amount: Money, rate: number): Money => Math.round((amount * rate) / 10_000);

/**
 * Tax on prices that exclude it (the shop's prices do): on the items after discounts and, where
 * the rate says so, on shipping. Rounded once per part, as WooCommerce rounds at subtotal.
 */
export function computeTax(
  rate: TaxRate | null,
  itemsAfterDiscounts: Money,
  shipping: Money,
): TaxLine | null {
  if (!rate || rate.rate <= 0) return null;
  const itemsTax = ofAmount(itemsAfterDiscounts, rate.rate);
  const shippingTax = rate.appliesToShipping ? ofAmount(shipping, rate.rate) : 0;
  return {
    label: rate.label,
    rate: rate.rate,
    itemsTax,
    shippingTax,
    amount: itemsTax + shippingTax,
  };
}

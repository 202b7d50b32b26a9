import type { Money } from '../platform/money/money.ts';

/** Where an order goes: what shipping rates and taxes are worked out from. */
export interface Destination {
  country: string;
  state: string;
  postcode: string;
  city: string;
}

export type ShippingMethodKind = 'flat_rate' | 'free_shipping' | 'local_pickup';

export interface ShippingMethod {
  id: number;
  kind: ShippingMethodKind;
  title: string;
  cost: Money;
  /** free_shipping: the order amount after discounts from which it is offered. */
  minAmount: Money | null;
}

export interface ShippingZone {
  id: number;
  name: string;
  /** Empty: every country no other zone covers. */
  countries: string[];
  methods: ShippingMethod[];
}

/** One way to ship this cart, with its price: what the shopper chooses between. */
export interface ShippingRate {
  /** As WooCommerce names them: `{kind}:{method id}`, e.g. `flat_rate:2`. */
  id: string;
  label: string;
  cost: Money;
  kind: ShippingMethodKind;
}

/** The first zone (in the shop's order) covering the country, else the catch-all zone. */
function zoneFor(zones: readonly ShippingZone[], country: string): ShippingZone | undefined {
  return (
    zones.find((zone) => zone.countries.includes(country)) ??
    zones.find((zone) => zone.countries.length === 0)
  );
}

/** The rates offered for a destination and an order amount (after discounts), in zone order. */
export function shippingRates(
  zones: readonly ShippingZone[],
  destination: Destination,
  amountAfterDiscounts: Money,
): ShippingRate[] {
  const zone = zoneFor(zones, destination.country);
  if (!zone) return [];
  return zone.methods
    .filter((m) => m.kind !== 'free_shipping' || amountAfterDiscounts >= (m.minAmount ?? 0))
    .map((m) => ({ id: `${m.kind}:${m.id}`, label: m.title, cost: m.cost, kind: m.kind }));
}

/** The shopper's choice when it is still offered, otherwise the first rate (as WooCommerce). */
export function chooseRate(
  rates: readonly ShippingRate[],
  wanted: string | undefined,
): ShippingRate | null {
  return rates.find((rate) => rate.id === wanted) ?? rates[0] ?? null;
}

import type { Charges } from './cart-contents.ts';
import { TtlCache } from '../platform/cache/ttl-cache.ts';
import type { Db } from '../platform/db/database.ts';
import type { SettingsStore } from '../platform/settings/settings.ts';
import type { ShippingMethodKind, ShippingZone } from './shipping.ts';
import type { TaxRate } from './tax.ts';

/** The shop's shipping zones (with their enabled methods, in order) and tax rates. */
export async function loadCharges(db: Db, baseCountry: string): Promise<Charges> {
  const [zones, methods, rates] = await Promise.all([
    db.selectFrom('shipping_zones').selectAll().orderBy('position').orderBy('id').execute(),
    db
      .selectFrom('shipping_methods')
      .selectAll()
      .where('enabled', '=', 1)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db.selectFrom('tax_rates').selectAll().orderBy('id').execute(),
  ]);
  return {
    zones: zones.map((zone): ShippingZone => ({
      id: zone.id,
      name: zone.name,
      countries: JSON.parse(zone.countries_json) as string[],
      methods: methods
        .filter((m) => m.zone_id === zone.id)
        .map((m) => ({
          id: m.id,
          kind: m.kind as ShippingMethodKind,
          title: m.title,
          cost: m.cost,
          minAmount: m.min_amount,
        })),
    })),
    taxRates: rates.map((r): TaxRate => ({
      country: r.country,
      state: r.state,
      rate: r.rate,
      label: r.label,
      appliesToShipping: r.applies_to_shipping === 1,
    })),
    baseDestination: { country: baseCountry, state: '', postcode: '', city: '' },
  };
}

/** Charges kept for a moment on each app server, like the shop's settings. */
export function chargesStore(db: Db, settings: SettingsStore, ttlMs: number) {
  const cache = new TtlCache<'charges', Charges>(ttlMs, 1);
  return {
    async read(): Promise<Charges> {
      const known = cache.get('charges');
      if (known) return known;
      const charges = await loadCharges(db, (await settings.read()).baseCountry);
      if (ttlMs > 0) cache.set('charges', charges);
      return charges;
    },
    clear: () => cache.clear(),
  };
}

export type ChargesStore = ReturnType<typeof chargesStore>;

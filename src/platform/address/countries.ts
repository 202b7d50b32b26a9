import regionData from 'country-region-data/data.json';

/** One state, province, county... of a country, as the state select offers it. */
export interface State {
  code: string;
  name: string;
}

/** WooCommerce's names where the dataset's differ (the dataset says "Korea, Republic of"). */
const wooCommerceNames: Record<string, string> = {
  BN: 'Brunei',
  CD: 'Congo (Kinshasa)',
  CG: 'Congo (Brazzaville)',
  CI: 'Ivory Coast',
  FK: 'Falkland Islands',
  FM: 'Micronesia',
  GB: 'United Kingdom (UK)',
  GM: 'Gambia',
  IR: 'Iran',
  KP: 'North Korea',
  KR: 'South Korea',
  MK: 'North Macedonia',
  RU: 'Russia',
  SY: 'Syria',
  TZ: 'Tanzania',
  UM: 'United States (US) Minor Outlying Islands',
  US: 'United States (US)',
  VA: 'Vatican',
  VE: 'Venezuela',
  VG: 'Virgin Islands (British)',
  VI: 'Virgin Islands (US)',
};

const byName = (a: [string, string], b: [string, string]) => a[1].localeCompare(b[1], 'en');

/** Every country the checkout offers: code -> name, sorted by name. */
export const countries: Record<string, string> = Object.fromEntries(
  regionData
    .map((c): [string, string] => [
      c.countryShortCode,
      wooCommerceNames[c.countryShortCode] ?? c.countryName,
    ])
    .sort(byName),
);

export const defaultCountry = 'US';

/**
 * The dataset lists a territory without subdivisions as one region named after itself
 * (Hong Kong, Gibraltar...): such a country has no states to choose from.
 */
const statesByCountry = new Map<string, readonly State[]>(
  regionData.map((c) => [
    c.countryShortCode,
    c.regions.length < 2
      ? []
      : c.regions.map((r) => ({ code: r.shortCode ?? r.name, name: r.name })),
  ]),
);

export function isCountry(code: string): boolean {
  return Object.hasOwn(countries, code);
}

/** The states a country's state select offers; empty when it has none. */
export function statesOf(country: string): readonly State[] {
  return statesByCountry.get(country) ?? [];
}

/** A country's state by its code or its full name, either in any letter case. */
export function findState(country: string, codeOrName: string): State | undefined {
  const wanted = codeOrName.trim().toUpperCase();
  if (wanted === '') return undefined;
  return statesOf(country).find(
    (s) => s.code.toUpperCase() === wanted || s.name.toUpperCase() === wanted,
  );
}

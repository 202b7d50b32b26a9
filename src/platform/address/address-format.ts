import { formatAddress } from 'localized-address-format';
import { countries, findState, isCountry } from './countries.ts';
import { formatOrder } from './country-locale.ts';

/** What an address needs to be printed: its country, and whichever other fields it has. */
export interface PrintableAddress {
  country: string;
  first_name?: string;
  last_name?: string;
  company?: string;
  address_1?: string;
  address_2?: string;
  city?: string;
  state?: string;
  postcode?: string;
}

/** Countries whose address line names the state by its code (WooCommerce's `{state_code}`). */
const stateByCode = new Set(['US', 'CA']);

function stateText(country: string, state: string): string {
  const known = findState(country, state);
  if (!known) return state;
  return stateByCode.has(country) ? known.code : known.name;
}

/**
 * An address as its country writes it (the address formats the checkout's fields follow), then
 * the country's name, as WooCommerce prints addresses: `San Francisco, CA 94103` over
 * `United States (US)`. Empty fields leave no gaps.
 */
export function addressLines(address: PrintableAddress): string[] {
  const { country } = address;
  if (!isCountry(country)) return [];
  const city = address.city ?? '';
  // A format without a city line (Japan's latin one) still keeps the city the shopper gave.
  const cityOnStreet = !formatOrder(country).includes('city');
  const lines = formatAddress(
    {
      postalCountry: country,
      name: [address.first_name, address.last_name].filter(Boolean).join(' '),
      organization: address.company ?? '',
      addressLines: [address.address_1, address.address_2, cityOnStreet ? city : ''].filter(
        (line): line is string => Boolean(line),
      ),
      locality: city,
      administrativeArea: stateText(country, address.state ?? ''),
      postalCode: address.postcode ?? '',
    },
    'latin',
  );
  return [...lines, countries[country]!];
}

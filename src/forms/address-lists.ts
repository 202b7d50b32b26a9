import { countries, statesOf } from '../platform/address/countries.ts';
import type { FormDefinition } from './definition.ts';
import { readFieldValues, type PostedEntry } from './wire.ts';

/**
 * What the renderer writes an address field's selects from: the checkout's countries, and the
 * states of the countries the form's address fields show first. The server gives them with the
 * form (the form page's loader, embed.json), only to a form with an address field, so that no
 * page carries the country data in its script; the states of a country chosen later come with
 * the address field's behaviour (ui/fields/address.ts).
 */
export interface AddressLists {
  countries: [code: string, name: string][];
  states: Record<string, [code: string, name: string][]>;
}

export function addressLists(
  form: FormDefinition,
  posted: readonly PostedEntry[] = [],
): AddressLists | undefined {
  const fields = form.fields.filter((field) => field.type === 'address');
  if (fields.length === 0) return undefined;
  const values = readFieldValues(form, posted);
  const withoutStates = form.settings.address_field.list_countries_without_states;
  const states: AddressLists['states'] = {};
  for (const field of fields) {
    const country =
      field.scheme === 'us' ? 'US' : values[field.id]?.parts.country || field.default_country;
    const offered = withoutStates.includes(country) ? [] : statesOf(country);
    if (offered.length > 0) states[country] = offered.map((state) => [state.code, state.name]);
  }
  return { countries: Object.entries(countries), states };
}

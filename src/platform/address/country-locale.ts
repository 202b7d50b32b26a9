import { formatAddress } from 'localized-address-format';
import { messages } from '../messages/index.ts';
import { defaultCountry, findState, isCountry, statesOf } from './countries.ts';

/** The address fields whose label, requiredness, visibility and order depend on the country. */
export type LocaleField = 'city' | 'state' | 'postcode';
export type StateInput = 'select' | 'text' | 'hidden';
export type RowLayout = 'form-row-first' | 'form-row-last' | 'form-row-wide';

export interface FieldLocale {
  label: string;
  placeholder?: string;
  required: boolean;
  hidden: boolean;
  priority: number;
  layout: RowLayout;
}

export interface StateLocale extends FieldLocale {
  input: StateInput;
}

export interface CountryLocale {
  city: FieldLocale;
  state: StateLocale;
  postcode: FieldLocale;
}

type FieldOverride = Partial<Omit<FieldLocale, 'hidden'>> & { hidden?: boolean };
/** A state is hidden by `input: 'hidden'`, so an override cannot contradict itself. */
type StateOverride = Partial<Omit<StateLocale, 'hidden'>>;

interface LocaleOverride {
  city?: FieldOverride;
  state?: StateOverride;
  postcode?: FieldOverride;
}

const named = messages.stateLabels;

/**
 * Where WooCommerce's `get_country_locale` differs from what the address formats and the regions
 * dataset give. Only the state is relabelled: CONTRACT §5 pins `Town / City` and `Postcode / ZIP`
 * and relabels the state alone. Countries without a state line (DE, FR, NL...) or without a
 * postcode (HK, AE...) need no entry: their address format says so.
 */
const overrides: Record<string, LocaleOverride> = {
  AU: { state: { label: named.state } },
  CA: { state: { label: named.province } },
  CN: { state: { label: named.province } },
  ES: { state: { label: named.province } },
  HK: { state: { label: named.region } },
  IN: { state: { label: named.state } },
  IT: { state: { label: named.province } },
  US: { state: { label: named.state } },
  // The UK's format has no county line; WooCommerce still offers an optional, free-text county.
  GB: { state: { label: named.county, input: 'text', required: false } },
  // WooCommerce takes Eircodes as optional.
  IE: { state: { label: named.county }, postcode: { required: false } },
  // The format has no province line; WooCommerce asks for one from its list.
  ZA: { state: { label: named.province, input: 'select' } },
  // The format has no city line, WooCommerce asks for one; the emirate is optional there.
  AE: { city: { required: true }, state: { required: false } },
  // Japanese order, ahead of the street (priority 50): postcode and prefecture side by side, city.
  JP: {
    postcode: { priority: 41, layout: 'form-row-first' },
    state: { label: named.prefecture, priority: 42, layout: 'form-row-last' },
    city: { required: true, priority: 43 },
  },
};

const localeFields = ['city', 'state', 'postcode'] as const;

const placeholders: Record<LocaleField, string> = {
  city: '{city}',
  state: '{state}',
  postcode: '{postcode}',
};

/** The locale fields the country's (latin) address format writes, in its order. */
export function formatOrder(country: string): LocaleField[] {
  const text = formatAddress(
    {
      postalCountry: country,
      locality: placeholders.city,
      administrativeArea: placeholders.state,
      postalCode: placeholders.postcode,
      addressLines: ['{street}'],
    },
    'latin',
  ).join('\n');
  const at = (field: LocaleField) => text.indexOf(placeholders[field]);
  return localeFields.filter((field) => at(field) >= 0).sort((a, b) => at(a) - at(b));
}

function derivedLocale(country: string): CountryLocale {
  const written = formatOrder(country);
  const has = (field: LocaleField) => written.includes(field);
  // After the street (priorities 50, 60): an unwritten field keeps WooCommerce's place, the written
  // ones fill the other places in the format's order.
  const queue = [...written];
  const order = localeFields.map((field) => (has(field) ? queue.shift()! : field));
  const rule = (field: LocaleField, required: boolean, hidden: boolean): FieldLocale => ({
    label: messages.addressFieldLabels[field],
    required,
    hidden,
    priority: 70 + 10 * order.indexOf(field),
    layout: 'form-row-wide',
  });
  const input = !has('state') ? 'hidden' : statesOf(country).length > 0 ? 'select' : 'text';
  return {
    // A format without a city line (Singapore) still has room for one: optional, not hidden.
    city: rule('city', has('city'), false),
    state: { ...rule('state', true, false), input },
    postcode: rule('postcode', has('postcode'), !has('postcode')),
  };
}

function settleField(field: FieldLocale): FieldLocale {
  return { ...field, required: field.required && !field.hidden };
}

/** A select needs states to offer; a hidden state is never required. */
function settleState(country: string, state: StateLocale): StateLocale {
  const input = state.input === 'select' && statesOf(country).length === 0 ? 'text' : state.input;
  const hidden = input === 'hidden';
  return { ...state, input, hidden, required: state.required && !hidden };
}

const cache = new Map<string, CountryLocale>();

/**
 * The country's rules for city, state and postcode: from its address format (Google's
 * libaddressinput data) and the regions dataset, then WooCommerce's differences. An empty or
 * unknown country gets the shop's default country's rules, as WooCommerce uses its base country.
 */
export function countryLocale(country: string): CountryLocale {
  const code = isCountry(country) ? country : defaultCountry;
  const known = cache.get(code);
  if (known) return known;
  const base = derivedLocale(code);
  const override = overrides[code] ?? {};
  const locale: CountryLocale = {
    city: settleField({ ...base.city, ...override.city }),
    state: settleState(code, { ...base.state, ...override.state }),
    postcode: settleField({ ...base.postcode, ...override.postcode }),
  };
  cache.set(code, locale);
  return locale;
}

/**
 * A known state's code rather than its name; no state where the country has no state field
 * (a state left over from another country posted without JavaScript).
 */
export function normaliseState(country: string, state: string): string {
  if (countryLocale(country).state.input === 'hidden') return '';
  return findState(country, state)?.code ?? state;
}

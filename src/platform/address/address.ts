import { isEmailAddress } from '../mail/email-address.ts';
import { format, messages } from '../messages/index.ts';
import { countries, defaultCountry, findState, isCountry, statesOf } from './countries.ts';
import { countryLocale, normaliseState, type RowLayout } from './country-locale.ts';
import { formatPostcode, isValidPostcode } from './postcode.ts';

export type AddressKind = 'billing' | 'shipping';

/** A shipping address as the checkout form names its fields (`shipping_first_name`, ...). */
export interface ShippingAddress {
  first_name: string;
  last_name: string;
  company: string;
  country: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
}

/** A billing address: a shipping address plus how to reach the customer. */
export interface BillingAddress extends ShippingAddress {
  phone: string;
  email: string;
}

export type AddressKey = keyof BillingAddress;
export type AddressOf<K extends AddressKind> = K extends 'billing'
  ? BillingAddress
  : ShippingAddress;
export type FieldInput = 'text' | 'select' | 'hidden' | 'email' | 'tel';

export interface FieldOption {
  value: string;
  label: string;
}

/** What a field asks of its value, as the live check and the server check both apply it. */
export interface FieldRule {
  required: boolean;
  format?: 'email' | 'phone' | 'postcode';
  /** Whose postcodes a postcode field takes. */
  country?: string;
}

/** One address field for one country, after the country's locale rules. */
export interface AddressField extends FieldRule {
  key: AddressKey;
  /** The form field's name and id: `billing_postcode`. */
  name: string;
  label: string;
  hidden: boolean;
  input: FieldInput;
  /** With the `billing` / `shipping` section token: `billing postal-code`. */
  autocomplete: string;
  priority: number;
  layout: RowLayout;
  placeholder?: string;
  /** The label is read by screen readers only; the placeholder shows it. */
  labelHidden?: boolean;
  options?: readonly FieldOption[];
}

export interface FieldError {
  field: string;
  message: string;
}

/** A field before its section (`billing` / `shipping`) names it. */
type Unnamed = Omit<AddressField, 'name'>;

const labels = messages.addressFieldLabels;
const wide = 'form-row-wide' as const;

/** A shipping address's fields, in form order; billing adds phone and email. */
export const shippingKeys = [
  'first_name',
  'last_name',
  'company',
  'country',
  'address_1',
  'address_2',
  'city',
  'state',
  'postcode',
] as const;
export const billingKeys = [...shippingKeys, 'phone', 'email'] as const;

const countryOptions: readonly FieldOption[] = Object.entries(countries).map(([value, label]) => ({
  value,
  label,
}));

/** A field required, shown, wide and typed as text unless told otherwise. */
function field(
  key: AddressKey,
  priority: number,
  autocomplete: string,
  rest: Partial<Unnamed> = {},
): Unnamed {
  const base = { required: true, hidden: false, input: 'text', layout: wide } as const;
  return { key, label: labels[key], priority, autocomplete, ...base, ...rest };
}

/** The fields whose rules do not depend on the country (WooCommerce's default address fields). */
const fixedFields: readonly Unnamed[] = [
  field('first_name', 10, 'given-name', { layout: 'form-row-first' }),
  field('last_name', 20, 'family-name', { layout: 'form-row-last' }),
  field('company', 30, 'organization', { required: false }),
  field('country', 40, 'country', { input: 'select', options: countryOptions }),
  field('address_1', 50, 'address-line1', { placeholder: messages.streetAddressPlaceholder }),
  field('address_2', 60, 'address-line2', {
    required: false,
    placeholder: messages.apartmentPlaceholder,
    labelHidden: true,
  }),
  field('phone', 100, 'tel', { input: 'tel', format: 'phone' }),
  field('email', 110, 'email', { input: 'email', format: 'email' }),
];

/** City, state and postcode after the country's locale rules. */
function localeFields(country: string): Unnamed[] {
  const { city, state, postcode } = countryLocale(country);
  const options = statesOf(isCountry(country) ? country : defaultCountry).map((s) => ({
    value: s.code,
    label: s.name,
  }));
  return [
    { key: 'city', ...city, input: 'text', autocomplete: 'address-level2' },
    {
      key: 'state',
      ...state,
      autocomplete: 'address-level1',
      ...(state.input === 'select' && { options }),
    },
    {
      key: 'postcode',
      ...postcode,
      input: 'text',
      autocomplete: 'postal-code',
      format: 'postcode',
      country,
    },
  ];
}

/**
 * The fields of a billing or shipping address for a country, in display order, with the
 * country's labels, requiredness and visibility (WooCommerce's `get_address_fields`).
 */
export function addressFields(kind: AddressKind, country: string): AddressField[] {
  const keys: readonly AddressKey[] = kind === 'billing' ? billingKeys : shippingKeys;
  return [...fixedFields, ...localeFields(country)]
    .filter((f) => keys.includes(f.key))
    .map((f) => ({ ...f, name: `${kind}_${f.key}`, autocomplete: `${kind} ${f.autocomplete}` }))
    .sort((a, b) => a.priority - b.priority);
}

/** `Billing Postcode / ZIP`: how messages name a field. */
function fieldTitle(kind: AddressKind, label: string): string {
  return format(messages.addressFieldOf[kind], { field: label });
}

/** Seed 001 §5: after removing whitespace, digits and # _ - + / ( ) . nothing may remain. */
export function isValidPhone(phone: string): boolean {
  return phone.replace(/\s/g, '').replace(/[\d#_\-+/().]/g, '') === '';
}

export function isValidEmail(email: string): boolean {
  return isEmailAddress(email);
}

export type FieldProblem = 'required' | 'email' | 'phone' | 'postcode';

/**
 * Seed 001 §5, one field: required (a checkbox ticked, a value non-empty), then the email or
 * phone format of a non-empty value, or its country's postcode pattern (WooCommerce's
 * `is_postcode`). Null when the field is fine.
 */
export function fieldProblem(value: string | boolean, rule: FieldRule): FieldProblem | null {
  if (rule.required && (value === false || value === '')) return 'required';
  if (typeof value !== 'string' || value === '') return null;
  if (rule.format === 'email' && !isValidEmail(value)) return 'email';
  if (rule.format === 'phone' && !isValidPhone(value)) return 'phone';
  if (rule.format === 'postcode' && !isValidPostcode(value, rule.country ?? '')) return 'postcode';
  return null;
}

/** The words for a field's problem, as the server sends them and the live check shows them. */
export function problemMessage(
  kind: AddressKind,
  field: AddressField,
  problem: FieldProblem,
): string {
  const title = fieldTitle(kind, field.label);
  if (problem === 'required') return format(messages.fieldRequired, { field: title });
  if (problem === 'phone') return format(messages.invalidPhone, { field: title });
  if (problem === 'postcode') return format(messages.invalidPostcode, { field: title });
  return messages.invalidEmail;
}

/** Seed 001 §3: phone numbers lose ( ) - and spaces. */
export function normalisePhone(phone: string): string {
  return phone.replace(/[()\-\s]/g, '');
}

/**
 * Seed 001 §3: a full name splits at its first space into first name and the rest; a billing
 * address without a last name gets '-'.
 */
export function splitFullName(
  fullName: string,
  kind: AddressKind,
): { first_name: string; last_name: string } {
  const name = fullName.trim();
  const space = name.indexOf(' ');
  const first = space < 0 ? name : name.slice(0, space);
  const rest = space < 0 ? '' : name.slice(space + 1).trim();
  return { first_name: first, last_name: rest === '' && kind === 'billing' ? '-' : rest };
}

/**
 * Reads `{kind}_*` fields from a submitted form, trimmed, the state as its code, the postcode in
 * its country's format (WooCommerce's `wc_format_postcode`).
 */
export function addressFromForm<K extends AddressKind>(
  form: Record<string, unknown>,
  kind: K,
): AddressOf<K> {
  const keys: readonly AddressKey[] = kind === 'billing' ? billingKeys : shippingKeys;
  const read = (key: AddressKey) => {
    const value = form[`${kind}_${key}`];
    return typeof value === 'string' ? value.trim() : '';
  };
  const address = Object.fromEntries(keys.map((key) => [key, read(key)])) as Record<
    AddressKey,
    string
  >;
  address.state = normaliseState(address.country, address.state);
  address.postcode = formatPostcode(address.postcode, address.country);
  return address as unknown as AddressOf<K>;
}

function countryError(kind: AddressKind, country: string): FieldError[] {
  if (country === '' || isCountry(country)) return [];
  return [
    { field: `${kind}_country`, message: format(messages.invalidCountry, { code: country }) },
  ];
}

/** A select's state must be one of the country's, by code or by name. */
function stateError(
  kind: AddressKind,
  address: ShippingAddress,
  field: AddressField,
): FieldError[] {
  if (field.input !== 'select' || address.state === '') return [];
  if (findState(address.country, address.state)) return [];
  const states = statesOf(address.country).map((s) => s.name);
  return [
    {
      field: field.name,
      message: format(messages.invalidState, {
        field: fieldTitle(kind, field.label),
        states: states.join(', '),
      }),
    },
  ];
}

/** Checks an address against its country's rules; the errors name the form fields. */
export function validateAddress(
  address: ShippingAddress | BillingAddress,
  kind: AddressKind,
): FieldError[] {
  const values = address as Partial<Record<AddressKey, string>>;
  const errors = countryError(kind, address.country);
  for (const field of addressFields(kind, address.country)) {
    // Without a known country there are no states to check against.
    if (field.hidden || (field.key === 'state' && !isCountry(address.country))) continue;
    const problem = fieldProblem(values[field.key] ?? '', field);
    if (problem) errors.push({ field: field.name, message: problemMessage(kind, field, problem) });
    else if (field.key === 'state') errors.push(...stateError(kind, address, field));
  }
  return errors;
}

/** Reads `billing_*` fields from a submitted form. */
export function billingFromForm(form: Record<string, unknown>): BillingAddress {
  return addressFromForm(form, 'billing');
}

/** Checks a billing address; the errors name the form fields they belong to. */
export function validateBilling(address: BillingAddress): FieldError[] {
  return validateAddress(address, 'billing');
}

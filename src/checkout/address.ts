import { format, messages } from '../platform/messages/index.ts';
import { countries } from './countries.ts';

/** A billing address as the checkout form names its fields (`billing_first_name`, ...). */
export interface BillingAddress {
  first_name: string;
  last_name: string;
  company: string;
  country: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  postcode: string;
  phone: string;
  email: string;
}

export const billingFields: {
  key: keyof BillingAddress;
  label: string;
  required: boolean;
  type?: string;
  autocomplete: string;
}[] = [
  { key: 'first_name', label: 'First name', required: true, autocomplete: 'given-name' },
  { key: 'last_name', label: 'Last name', required: true, autocomplete: 'family-name' },
  { key: 'company', label: 'Company name', required: false, autocomplete: 'organization' },
  { key: 'country', label: 'Country / Region', required: true, autocomplete: 'country' },
  { key: 'address_1', label: 'Street address', required: true, autocomplete: 'address-line1' },
  {
    key: 'address_2',
    label: 'Apartment, suite, unit, etc.',
    required: false,
    autocomplete: 'address-line2',
  },
  { key: 'city', label: 'Town / City', required: true, autocomplete: 'address-level2' },
  { key: 'state', label: 'State / County', required: false, autocomplete: 'address-level1' },
  { key: 'postcode', label: 'Postcode / ZIP', required: true, autocomplete: 'postal-code' },
  { key: 'phone', label: 'Phone', required: true, type: 'tel', autocomplete: 'tel' },
  { key: 'email', label: 'Email address', required: true, type: 'email', autocomplete: 'email' },
];

export interface FieldError {
  field: string;
  message: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Seed 001 §5: after removing whitespace, digits and # _ - + / ( ) . nothing may remain. */
export function isValidPhone(phone: string): boolean {
  return phone.replace(/\s/g, '').replace(/[\d#_\-+/().]/g, '') === '';
}

/** Reads `billing_*` fields from a submitted form, trimmed; missing ones are empty. */
export function billingFromForm(form: Record<string, unknown>): BillingAddress {
  const read = (key: keyof BillingAddress) => {
    const value = form[`billing_${key}`];
    return typeof value === 'string' ? value.trim() : '';
  };
  return Object.fromEntries(
    billingFields.map(({ key }) => [key, read(key)]),
  ) as unknown as BillingAddress;
}

/** Checks a billing address; the errors name the form fields they belong to. */
export function validateBilling(address: BillingAddress): FieldError[] {
  const errors: FieldError[] = [];
  for (const { key, label, required } of billingFields) {
    if (required && address[key] === '') {
      errors.push({
        field: `billing_${key}`,
        message: format(messages.fieldRequired, { field: `Billing ${label}` }),
      });
    }
  }
  if (address.email !== '' && !EMAIL.test(address.email)) {
    errors.push({ field: 'billing_email', message: messages.invalidEmail });
  }
  if (address.phone !== '' && !isValidPhone(address.phone)) {
    errors.push({
      field: 'billing_phone',
      message: format(messages.invalidPhone, { field: 'Billing Phone' }),
    });
  }
  if (address.country !== '' && !(address.country in countries)) {
    errors.push({
      field: 'billing_country',
      message: format(messages.fieldRequired, { field: 'Billing Country / Region' }),
    });
  }
  return errors;
}

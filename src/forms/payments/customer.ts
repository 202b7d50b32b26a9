import type { BillingAddress } from '../../platform/address/address.ts';
import type { FieldType, FormDefinition, FormField } from '../definition.ts';
import type { FieldValues } from '../wire.ts';

/**
 * Who pays for a form's order: the answers of the fields the form's payment settings name
 * (`customer_name`, `customer_email`, `customer_address`), or of the first shown name, e-mail,
 * phone and address fields, as the order's billing details.
 */
export function customerOf(
  form: FormDefinition,
  values: FieldValues,
  visible: Set<string>,
): BillingAddress {
  const settings = form.settings.payments;
  const pick = (type: FieldType, id?: string): FormField | undefined =>
    form.fields.find(
      (field) =>
        field.type === type && visible.has(field.id) && (id === undefined || field.id === id),
    );
  const value = (field: FormField | undefined) => (field ? values[field.id] : undefined);

  const nameField = pick('name', settings.customer_name);
  const name = value(nameField);
  let [firstName, lastName] = ['', ''];
  if (nameField?.type === 'name' && nameField.format !== 'simple') {
    firstName = [name?.parts.first, name?.parts.middle].filter(Boolean).join(' ');
    lastName = name?.parts.last ?? '';
  } else {
    // Seed 001 §3: a full name is split at the first space.
    const full = (name?.values.at(-1) ?? '').trim();
    const space = full.indexOf(' ');
    [firstName, lastName] = space < 0 ? [full, ''] : [full.slice(0, space), full.slice(space + 1)];
  }

  const emailField = pick('email', settings.customer_email);
  const email = value(emailField);
  const emailText =
    emailField?.type === 'email' && emailField.confirmation
      ? (email?.parts.primary ?? '')
      : (email?.values.at(-1) ?? '');

  const addressField = pick('address', settings.customer_address);
  const address = value(addressField)?.parts ?? {};
  const defaultCountry =
    addressField?.type === 'address'
      ? addressField.scheme === 'us'
        ? 'US'
        : addressField.default_country
      : '';

  return {
    first_name: firstName,
    last_name: lastName,
    company: '',
    country: addressField ? (address.country || defaultCountry).toUpperCase() : '',
    address_1: address.address1 ?? '',
    address_2: address.address2 ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    postcode: address.postal ?? '',
    phone: value(pick('phone'))?.values.at(-1) ?? '',
    email: emailText,
  };
}

import { describe, expect, it } from 'vitest';
import {
  addressFields,
  addressFromForm,
  billingFromForm,
  fieldProblem,
  isValidPhone,
  normalisePhone,
  problemMessage,
  splitFullName,
  validateAddress,
  validateBilling,
} from './address.ts';
import { completeBillingForm } from '../../checkout/billing.fixture.ts';

const complete = completeBillingForm;

const shippingForm = {
  shipping_first_name: 'Grace',
  shipping_last_name: 'Hopper',
  shipping_country: 'US',
  shipping_address_1: '1 Navy Yard',
  shipping_city: 'Arlington',
  shipping_state: 'VA',
  shipping_postcode: '22202',
};

const fieldsOf = (errors: { field: string }[]) => errors.map((e) => e.field);

describe('address fields', () => {
  it('lists billing fields in WooCommerce order with section autocomplete tokens', () => {
    const fields = addressFields('billing', 'US');
    expect(fields.map((f) => f.name)).toEqual([
      'billing_first_name',
      'billing_last_name',
      'billing_company',
      'billing_country',
      'billing_address_1',
      'billing_address_2',
      'billing_city',
      'billing_state',
      'billing_postcode',
      'billing_phone',
      'billing_email',
    ]);
    expect(fields.find((f) => f.key === 'postcode')?.autocomplete).toBe('billing postal-code');
    expect(fields.find((f) => f.key === 'email')?.input).toBe('email');
    expect(fields.find((f) => f.key === 'phone')?.input).toBe('tel');
  });

  it('gives shipping no email or phone', () => {
    const names = addressFields('shipping', 'US').map((f) => f.name);
    expect(names).not.toContain('shipping_email');
    expect(names).not.toContain('shipping_phone');
    expect(names).toContain('shipping_state');
    expect(addressFields('shipping', 'US')[0]?.autocomplete).toBe('shipping given-name');
  });

  it('turns the US state into a select offering California', () => {
    const state = addressFields('billing', 'US').find((f) => f.key === 'state');
    expect(state).toMatchObject({ input: 'select', label: 'State', required: true });
    expect(state?.options).toContainEqual({ value: 'CA', label: 'California' });
  });

  it('hides the German state', () => {
    const state = addressFields('billing', 'DE').find((f) => f.key === 'state');
    expect(state).toMatchObject({ input: 'hidden', hidden: true, required: false });
    expect(state?.options).toBeUndefined();
  });

  it('relabels the state when the country changes', () => {
    const label = (country: string) =>
      addressFields('billing', country).find((f) => f.key === 'state')?.label;
    expect(label('US')).toBe('State');
    expect(label('CA')).toBe('Province');
    expect(label('GB')).toBe('County');
  });

  it('offers every country in the country select', () => {
    const country = addressFields('billing', 'US').find((f) => f.key === 'country');
    expect(country?.input).toBe('select');
    expect(country?.options).toContainEqual({ value: 'GB', label: 'United Kingdom (UK)' });
  });
});

describe('billing address', () => {
  it('accepts a complete address', () => {
    expect(validateBilling(billingFromForm(complete))).toEqual([]);
  });

  it('names every missing required field in WooCommerce words', () => {
    const errors = validateBilling(billingFromForm({}));
    expect(fieldsOf(errors)).toEqual([
      'billing_first_name',
      'billing_last_name',
      'billing_country',
      'billing_address_1',
      'billing_city',
      'billing_postcode',
      'billing_phone',
      'billing_email',
    ]);
    expect(errors[0]?.message).toBe('Billing First name is a required field.');
  });

  it('refuses a malformed email, phone or unknown country', () => {
    const errors = validateBilling(
      billingFromForm({
        ...complete,
        billing_email: 'ada@',
        billing_phone: '020 CALL ME',
        billing_country: 'XX',
      }),
    );
    expect(errors).toEqual([
      { field: 'billing_country', message: "'XX' is not a valid country code." },
      { field: 'billing_phone', message: 'Billing Phone is not a valid phone number.' },
      { field: 'billing_email', message: 'Invalid billing email address' },
    ]);
  });

  it('applies the seed phone rule', () => {
    expect(isValidPhone('+1 (555) 010-9999')).toBe(true);
    expect(isValidPhone('555#12_34/5.6')).toBe(true);
    expect(isValidPhone('555-CALL')).toBe(false);
  });

  it('requires a US state with its relabelled name', () => {
    const errors = validateAddress(
      addressFromForm({ ...complete, billing_country: 'US', billing_postcode: '10001' }, 'billing'),
      'billing',
    );
    expect(errors).toEqual([
      { field: 'billing_state', message: 'Billing State is a required field.' },
    ]);
  });

  it('names the postcode with the section and the locale label', () => {
    const errors = validateAddress(
      addressFromForm({ ...complete, billing_postcode: '' }, 'billing'),
      'billing',
    );
    expect(errors).toEqual([
      { field: 'billing_postcode', message: 'Billing Postcode / ZIP is a required field.' },
    ]);
  });

  it('needs no UK county', () => {
    expect(validateBilling(billingFromForm({ ...complete, billing_state: '' }))).toEqual([]);
  });

  it('needs no postcode in Hong Kong', () => {
    const hk = {
      ...complete,
      billing_country: 'HK',
      billing_state: 'Kowloon',
      billing_postcode: '',
    };
    expect(validateBilling(billingFromForm(hk))).toEqual([]);
  });

  it('needs no state in a country without one and drops a leftover state', () => {
    const de = {
      ...complete,
      billing_country: 'DE',
      billing_state: 'NY',
      billing_postcode: '10115',
    };
    const address = billingFromForm(de);
    expect(address.state).toBe('');
    expect(validateBilling(address)).toEqual([]);
  });

  it('refuses a state that is not one of the country’s and lists the valid ones', () => {
    const errors = validateAddress(
      { ...billingFromForm(complete), country: 'CA', state: 'Texas', postcode: 'K1A 0B1' },
      'billing',
    );
    expect(fieldsOf(errors)).toEqual(['billing_state']);
    expect(errors[0]?.message).toMatch(
      /^Billing Province is not valid\. Please enter one of the following: Alberta, British Columbia, /,
    );
  });

  it('accepts a state by its full name in any case and stores its code', () => {
    const address = billingFromForm({
      ...complete,
      billing_country: 'US',
      billing_state: 'california',
      billing_postcode: '94016',
    });
    expect(address.state).toBe('CA');
    expect(validateBilling(address)).toEqual([]);
  });

  it('refuses a postcode that is not one of the country’s, in WooCommerce’s words', () => {
    const cases: [string, Record<string, string>][] = [
      ['GB', { billing_postcode: '!!!' }],
      ['US', { billing_country: 'US', billing_state: 'NY', billing_postcode: 'hello' }],
      ['DE', { billing_country: 'DE', billing_postcode: 'SW1Y 4JH' }],
    ];
    for (const [country, fields] of cases)
      expect(validateBilling(billingFromForm({ ...complete, ...fields })), country).toEqual([
        {
          field: 'billing_postcode',
          message: 'Billing Postcode / ZIP is not a valid postcode / ZIP.',
        },
      ]);
  });

  it('keeps a postcode in its country’s format, however it was typed', () => {
    const gb = billingFromForm({ ...complete, billing_postcode: ' sw1y4jh ' });
    expect(gb.postcode).toBe('SW1Y 4JH');
    expect(validateBilling(gb)).toEqual([]);
    const us = billingFromForm({
      ...complete,
      billing_country: 'US',
      billing_state: 'NY',
      billing_postcode: '100011234',
    });
    expect(us.postcode).toBe('10001-1234');
    expect(validateBilling(us)).toEqual([]);
  });

  it('checks an optional postcode only when there is one (an Eircode)', () => {
    const ie = { ...complete, billing_country: 'IE', billing_state: 'D' };
    expect(validateBilling(billingFromForm({ ...ie, billing_postcode: '' }))).toEqual([]);
    expect(
      fieldsOf(validateBilling(billingFromForm({ ...ie, billing_postcode: 'B12 3456' }))),
    ).toEqual(['billing_postcode']);
  });

  it('accepts a state code in lower case', () => {
    const address = { ...billingFromForm(complete), country: 'US', state: 'ny', postcode: '10001' };
    expect(validateAddress(address, 'billing')).toEqual([]);
  });
});

describe('shipping address', () => {
  it('needs no email or phone', () => {
    const address = addressFromForm(shippingForm, 'shipping');
    expect(address).not.toHaveProperty('email');
    expect(address).not.toHaveProperty('phone');
    expect(validateAddress(address, 'shipping')).toEqual([]);
  });

  it('names its errors Shipping', () => {
    const errors = validateAddress(addressFromForm({}, 'shipping'), 'shipping');
    expect(errors[0]).toEqual({
      field: 'shipping_first_name',
      message: 'Shipping First name is a required field.',
    });
    expect(fieldsOf(errors)).not.toContain('shipping_email');
  });

  it('reads only shipping_ fields', () => {
    const address = addressFromForm({ ...complete, ...shippingForm }, 'shipping');
    expect(address.first_name).toBe('Grace');
  });
});

describe('one field, as the live check sees it', () => {
  it('finds a required field empty or a required checkbox unticked', () => {
    expect(fieldProblem('', { required: true })).toBe('required');
    expect(fieldProblem(false, { required: true })).toBe('required');
    expect(fieldProblem(true, { required: true })).toBeNull();
    expect(fieldProblem('', { required: false })).toBeNull();
  });

  it('checks the email format of a value only', () => {
    expect(fieldProblem('ada@', { required: true, format: 'email' })).toBe('email');
    expect(fieldProblem('ada@example.com', { required: true, format: 'email' })).toBeNull();
    expect(fieldProblem('', { required: false, format: 'email' })).toBeNull();
  });

  it('checks the phone rule', () => {
    expect(fieldProblem('020 CALL ME', { required: true, format: 'phone' })).toBe('phone');
    expect(fieldProblem('+44 (20) 7946-0958', { required: true, format: 'phone' })).toBeNull();
  });

  it('checks a postcode against its country', () => {
    const gb = addressFields('billing', 'GB').find((f) => f.key === 'postcode')!;
    const us = addressFields('billing', 'US').find((f) => f.key === 'postcode')!;
    expect(fieldProblem('!!!', gb)).toBe('postcode');
    expect(fieldProblem('sw1y 4jh', gb)).toBeNull();
    expect(fieldProblem('hello', us)).toBe('postcode');
    expect(fieldProblem('94103', us)).toBeNull();
    expect(problemMessage('shipping', us, 'postcode')).toBe(
      'Shipping Postcode / ZIP is not a valid postcode / ZIP.',
    );
  });

  it('words the problem as the server does', () => {
    const [firstName] = addressFields('shipping', 'US');
    expect(problemMessage('shipping', firstName!, 'required')).toBe(
      'Shipping First name is a required field.',
    );
    const phone = addressFields('billing', 'US').find((f) => f.key === 'phone')!;
    expect(problemMessage('billing', phone, 'phone')).toBe(
      'Billing Phone is not a valid phone number.',
    );
  });
});

describe('seed 001 §3 helpers', () => {
  it('splits a full name at its first space', () => {
    expect(splitFullName('Ada King Lovelace', 'billing')).toEqual({
      first_name: 'Ada',
      last_name: 'King Lovelace',
    });
  });

  it('gives a billing address without a last name "-"', () => {
    expect(splitFullName('Cher', 'billing')).toEqual({ first_name: 'Cher', last_name: '-' });
    expect(splitFullName('Cher', 'shipping')).toEqual({ first_name: 'Cher', last_name: '' });
  });

  it('removes brackets, dashes and spaces from a phone number', () => {
    expect(normalisePhone('+1 (555) 010-9999')).toBe('+15550109999');
  });
});

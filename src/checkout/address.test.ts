import { describe, expect, it } from 'vitest';
import { billingFromForm, isValidPhone, validateBilling } from './address.ts';
import { completeBillingForm } from './billing.fixture.ts';

const complete = completeBillingForm;

describe('billing address', () => {
  it('accepts a complete address', () => {
    expect(validateBilling(billingFromForm(complete))).toEqual([]);
  });

  it('names every missing required field in WooCommerce words', () => {
    const errors = validateBilling(billingFromForm({}));
    expect(errors.map((e) => e.field)).toEqual([
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
    expect(errors.map((e) => e.field)).toEqual([
      'billing_email',
      'billing_phone',
      'billing_country',
    ]);
  });

  it('applies the seed phone rule', () => {
    expect(isValidPhone('+1 (555) 010-9999')).toBe(true);
    expect(isValidPhone('555#12_34/5.6')).toBe(true);
    expect(isValidPhone('555-CALL')).toBe(false);
  });
});

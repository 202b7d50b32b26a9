import { describe, expect, it } from 'vitest';
import {
  checkoutAccountRules,
  checkoutPrefill,
  currentAddresses,
  customerName,
  redirectTarget,
  logoutUrl,
  newPasswordProblem,
  normalizeEmail,
  safeRedirect,
  wantsAccount,
} from './account.ts';

const casey = { email: 'customer@example.com', firstName: 'Casey', lastName: 'Customer' };

describe('checkout account rules (seed 001 §6)', () => {
  it('offers login and an optional account to guests by default', () => {
    expect(checkoutAccountRules({ guestCheckout: true, signupOnCheckout: true }, false)).toEqual({
      loginReminder: true,
      createAccount: 'optional',
      mustLogIn: false,
    });
  });

  it('requires an account when guests may not check out, and a login when no one may sign up', () => {
    expect(
      checkoutAccountRules({ guestCheckout: false, signupOnCheckout: true }, false),
    ).toMatchObject({ createAccount: 'required', mustLogIn: false });
    expect(
      checkoutAccountRules({ guestCheckout: true, signupOnCheckout: false }, false),
    ).toMatchObject({ createAccount: 'no', mustLogIn: false });
    expect(
      checkoutAccountRules({ guestCheckout: false, signupOnCheckout: false }, false),
    ).toMatchObject({ createAccount: 'no', mustLogIn: true, loginReminder: true });
  });

  it('offers a logged-in customer neither the login form nor a new account', () => {
    expect(checkoutAccountRules({ guestCheckout: false, signupOnCheckout: false }, true)).toEqual({
      loginReminder: false,
      createAccount: 'no',
      mustLogIn: false,
    });
  });

  it('reads the createaccount box only where it is offered', () => {
    const optional = checkoutAccountRules({ guestCheckout: true, signupOnCheckout: true }, false);
    const required = checkoutAccountRules({ guestCheckout: false, signupOnCheckout: true }, false);
    const none = checkoutAccountRules({ guestCheckout: true, signupOnCheckout: false }, false);
    expect(wantsAccount({ createaccount: '1' }, optional)).toBe(true);
    expect(wantsAccount({ createaccount: 'on' }, optional)).toBe(true);
    expect(wantsAccount({}, optional)).toBe(false);
    expect(wantsAccount({ createaccount: '0' }, optional)).toBe(false);
    expect(wantsAccount({}, required)).toBe(true);
    expect(wantsAccount({ createaccount: '1' }, none)).toBe(false);
  });
});

describe('new passwords', () => {
  it('asks for one, at least 8 characters (counted as characters, not bytes), at most 256', () => {
    expect(newPasswordProblem('')).toBe('Please enter an account password.');
    expect(newPasswordProblem('1234567')).toBe('Please enter a password of at least 8 characters.');
    expect(newPasswordProblem('12345678')).toBeNull();
    expect(newPasswordProblem('🔑🔑🔑🔑🔑🔑🔑')).not.toBeNull();
    expect(newPasswordProblem('x'.repeat(256))).toBeNull();
    expect(newPasswordProblem('x'.repeat(257))).toBe(
      'Please enter a password of at most 256 characters.',
    );
  });
});

describe('checkout prefill', () => {
  it('starts from the account when there is no order yet', () => {
    expect(checkoutPrefill(casey, undefined)).toEqual({
      billing_first_name: 'Casey',
      billing_last_name: 'Customer',
      billing_email: 'customer@example.com',
    });
  });

  it('takes the latest order’s billing and shipping addresses, skipping empty fields', () => {
    const values = checkoutPrefill(casey, {
      billing: {
        first_name: 'Casey',
        last_name: 'Jones',
        company: '',
        country: 'GB',
        address_1: '12 St James Square',
        address_2: '',
        city: 'London',
        state: '',
        postcode: 'SW1Y 4JH',
        phone: '+44 20 7946 0958',
        email: 'casey.billing@example.com',
      },
      shipping: { first_name: 'Sam', country: 'FR', city: 'Paris', address_1: '1 Rue de Rivoli' },
    });
    expect(values).toEqual({
      billing_first_name: 'Casey',
      billing_last_name: 'Jones',
      billing_country: 'GB',
      billing_address_1: '12 St James Square',
      billing_city: 'London',
      billing_postcode: 'SW1Y 4JH',
      billing_phone: '+44 20 7946 0958',
      billing_email: 'casey.billing@example.com',
      shipping_first_name: 'Sam',
      shipping_country: 'FR',
      shipping_city: 'Paris',
      shipping_address_1: '1 Rue de Rivoli',
    });
  });

  it('falls back to the account for what the order left empty', () => {
    const values = checkoutPrefill(casey, {
      billing: { first_name: '', last_name: '', email: '', country: 'US' },
      shipping: null,
    });
    expect(values).toEqual({
      billing_country: 'US',
      billing_first_name: 'Casey',
      billing_last_name: 'Customer',
      billing_email: 'customer@example.com',
    });
  });
});

describe('emails, redirects and the log-out link', () => {
  it('compares emails without case or surrounding space', () => {
    expect(normalizeEmail('  Customer@Example.COM ')).toBe('customer@example.com');
  });

  it('redirects only to paths on this site', () => {
    expect(safeRedirect('/checkout/', '/')).toBe('/checkout/');
    expect(safeRedirect('/checkout/?login=1#x', '/')).toBe('/checkout/?login=1#x');
    expect(safeRedirect('', '/')).toBe('/');
    expect(safeRedirect(undefined, '/shop/')).toBe('/shop/');
    expect(safeRedirect('https://evil.example/', '/')).toBe('/');
    expect(safeRedirect('//evil.example/', '/')).toBe('/');
    expect(safeRedirect('/\\evil.example/', '/')).toBe('/');
    expect(safeRedirect('javascript:alert(1)', '/')).toBe('/');
  });

  it('builds WooCommerce’s log-out link with its nonce and destination', () => {
    expect(logoutUrl('0123456789ab', '/checkout/')).toBe(
      '/my-account/customer-logout/?_wpnonce=0123456789ab&redirect=%2Fcheckout%2F',
    );
    expect(logoutUrl('0123456789ab')).toBe('/my-account/customer-logout/?_wpnonce=0123456789ab');
  });
});

describe('an auth form’s redirect', () => {
  it('goes to the fallback when none is asked, to a path of this site, and nowhere else', () => {
    expect(redirectTarget('', '/my-account/')).toBe('/my-account/');
    expect(redirectTarget('/shop/?orderby=price', '/')).toBe('/shop/?orderby=price');
    expect(redirectTarget('https://elsewhere.example', '/')).toBeNull();
    expect(redirectTarget('//elsewhere.example/x', '/')).toBeNull();
    expect(redirectTarget('javascript:alert(1)', '/')).toBeNull();
  });
});

describe('a customer’s current addresses', () => {
  const saved = {
    billing: { city: 'Saved town' },
    shipping: null,
    updatedAt: '2026-11-20T10:00:00.000Z',
  };
  const order = (placedAt: string) => ({
    billing: { city: 'Order town' },
    shipping: { city: 'Order ship town' },
    placedAt,
  });

  it('takes what was saved in my-account when it is newer than the latest order', () => {
    expect(currentAddresses(saved, order('2026-11-19T10:00:00.000Z'))).toEqual({
      billing: { city: 'Saved town' },
      shipping: { city: 'Order ship town' },
    });
  });

  it('takes the latest order’s when it is newer, as the checkout saves what was ordered with', () => {
    expect(currentAddresses(saved, order('2026-11-21T10:00:00.000Z')).billing).toEqual({
      city: 'Order town',
    });
  });

  it('takes either alone', () => {
    expect(currentAddresses(saved, undefined).billing).toEqual({ city: 'Saved town' });
    const none = { billing: null, shipping: null, updatedAt: null };
    expect(currentAddresses(none, order('2026-11-21T10:00:00.000Z')).shipping).toEqual({
      city: 'Order ship town',
    });
    expect(currentAddresses(none, undefined)).toEqual({ billing: null, shipping: null });
  });
});

describe('names in my-account', () => {
  it('greets a customer by the name they chose, else their first name, else their email’s name', () => {
    expect(customerName({ displayName: 'CC', firstName: 'Casey', email: 'c@example.com' })).toBe(
      'CC',
    );
    expect(customerName({ displayName: '', firstName: 'Casey', email: 'c@example.com' })).toBe(
      'Casey',
    );
    expect(customerName({ displayName: '', firstName: '', email: 'ada@example.com' })).toBe('ada');
  });
});

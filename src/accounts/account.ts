import {
  ACCOUNT_PASSWORD_MAX_LENGTH,
  ACCOUNT_PASSWORD_MIN_LENGTH,
} from '../platform/constants/index.ts';
import { billingKeys, shippingKeys } from '../platform/address/address.ts';
import { format, messages } from '../platform/messages/index.ts';

/** A shop customer: someone who can log in. */
export interface Customer {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  /** The name the site shows; '' until they choose one. */
  displayName: string;
  passwordHash: string;
}

/** An address by the checkout's keys (`first_name`, `postcode`, ...). */
export type AddressValues = Record<string, string>;

/** The addresses of a customer's latest order, as the order keeps them. */
export interface LastAddresses {
  billing: AddressValues;
  shipping: AddressValues | null;
  /** When that order was placed (ISO-8601). */
  placedAt?: string;
}

/** The addresses a customer keeps in my-account, and when they last changed them. */
export interface SavedAddresses {
  billing: AddressValues | null;
  shipping: AddressValues | null;
  updatedAt: string | null;
}

/** The name the site greets a customer by: the one they chose, else their first name, else their email's name. */
export function customerName(
  customer: Pick<Customer, 'displayName' | 'firstName' | 'email'>,
): string {
  return customer.displayName || customer.firstName || (customer.email.split('@')[0] ?? '');
}

/**
 * A customer's current addresses, as WooCommerce keeps them in its customer record: whichever
 * is newer, what they saved in my-account or what their latest order used (the checkout saves
 * what was ordered with), address by address.
 */
export function currentAddresses(
  saved: SavedAddresses,
  last: LastAddresses | undefined,
): { billing: AddressValues | null; shipping: AddressValues | null } {
  const savedIsNewer =
    !last || (saved.updatedAt !== null && (last.placedAt ?? '') <= saved.updatedAt);
  const pick = (kind: 'billing' | 'shipping') =>
    (savedIsNewer ? saved[kind] : null) ?? last?.[kind] ?? saved[kind];
  return { billing: pick('billing'), shipping: pick('shipping') };
}

/** The shop options of seed 001 §6 that decide who may check out, and how. */
export interface AccountSettings {
  /** WooCommerce's `enable_guest_checkout` (option_guest_checkout). */
  guestCheckout: boolean;
  /** WooCommerce's `enable_signup_and_login_from_checkout` (createaccount allowed). */
  signupOnCheckout: boolean;
}

/** What the checkout offers a visitor about accounts. */
export interface CheckoutAccountRules {
  /** The "Returning customer?" notice with its login form. */
  loginReminder: boolean;
  /** `optional`: the `Create an account?` checkbox; `required`: the password field on its own. */
  createAccount: 'no' | 'optional' | 'required';
  /** Neither guests nor new accounts may check out: log in first. */
  mustLogIn: boolean;
}

/** Emails are compared without case or surrounding space: one account per address. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function checkoutAccountRules(
  settings: AccountSettings,
  loggedIn: boolean,
): CheckoutAccountRules {
  if (loggedIn) return { loginReminder: false, createAccount: 'no', mustLogIn: false };
  return {
    loginReminder: true,
    createAccount: settings.signupOnCheckout
      ? settings.guestCheckout
        ? 'optional'
        : 'required'
      : 'no',
    mustLogIn: !settings.guestCheckout && !settings.signupOnCheckout,
  };
}

/** Whether the posted checkout form asks for a new account under these rules. */
export function wantsAccount(form: Record<string, unknown>, rules: CheckoutAccountRules): boolean {
  if (rules.createAccount === 'required') return true;
  if (rules.createAccount === 'no') return false;
  const value = form.createaccount;
  return typeof value === 'string' && ['1', 'on', 'true', 'yes'].includes(value);
}

/** Why a new account's password is refused, or null when it will do. */
export function newPasswordProblem(password: string): string | null {
  if (password === '') return messages.accountPasswordRequired;
  const length = [...password].length;
  if (length < ACCOUNT_PASSWORD_MIN_LENGTH)
    return format(messages.accountPasswordTooShort, { min: ACCOUNT_PASSWORD_MIN_LENGTH });
  if (length > ACCOUNT_PASSWORD_MAX_LENGTH)
    return format(messages.accountPasswordTooLong, { max: ACCOUNT_PASSWORD_MAX_LENGTH });
  return null;
}

/**
 * The checkout form's starting values for a logged-in customer (field name -> value): the
 * addresses of their latest order, else what the account knows (name and email).
 */
export function checkoutPrefill(
  customer: Pick<Customer, 'email' | 'firstName' | 'lastName'>,
  last: Pick<LastAddresses, 'billing' | 'shipping'> | undefined,
): Record<string, string> {
  const values: Record<string, string> = {};
  const copy = (
    kind: 'billing' | 'shipping',
    from: Record<string, string>,
    keys: readonly string[],
  ) => {
    for (const key of keys) {
      const value = from[key];
      if (typeof value === 'string' && value !== '') values[`${kind}_${key}`] = value;
    }
  };
  if (last) {
    copy('billing', last.billing, billingKeys);
    if (last.shipping) copy('shipping', last.shipping, shippingKeys);
  }
  values.billing_first_name ??= customer.firstName;
  values.billing_last_name ??= customer.lastName;
  values.billing_email ??= customer.email;
  for (const [name, value] of Object.entries(values)) if (value === '') delete values[name];
  return values;
}

/** Where a form may send the browser after logging in or out: a path on this site. */
import { safeRedirect } from '../platform/http/redirect.ts';
export { safeRedirect };

/**
 * Where an auth form asked to go next, if it may: nothing asked (the fallback), or a path on this
 * site. Null for anywhere else: the form is refused rather than sent off-site.
 */
export function redirectTarget(target: string, fallback: string): string | null {
  if (target === '') return fallback;
  const path = safeRedirect(target, '');
  return path === '' ? null : path;
}

/** WooCommerce's log-out link: the endpoint, its nonce and where to go afterwards. */
export function logoutUrl(nonce: string, redirect?: string): string {
  const query = new URLSearchParams({ _wpnonce: nonce });
  if (redirect) query.set('redirect', redirect);
  return `/my-account/customer-logout/?${query.toString()}`;
}

import { messages } from '../platform/messages/index.ts';

/** How a method is paid after the order is placed (seed 001 §3, §9). */
export type PaymentFlow = 'card' | 'redirect' | 'voucher' | 'blik' | 'debit' | 'offline';

/** A checkout payment method, by gateway id (`stripe` for card, `stripe_{type}` for the rest). */
export interface PaymentMethodInfo {
  id: string;
  /** The processor's payment method type (`card`, `klarna`, ...); none for offline methods. */
  type: string | null;
  title: string;
  description: string;
  flow: PaymentFlow;
  /** Billing countries the method is offered in; empty means everywhere (seed 001 §5). */
  countries: string[];
}

const EUROZONE = ['AT', 'BE', 'DE', 'ES', 'FI', 'FR', 'IE', 'IT', 'LU', 'NL', 'PT'];

const stripe = (
  type: string,
  title: string,
  flow: PaymentFlow,
  countries: string[],
): PaymentMethodInfo => ({
  id: `stripe_${type}`,
  type,
  title,
  description: flow === 'voucher' ? messages.voucherDescription : messages.redirectDescription,
  flow,
  countries,
});

/** Every method the shop offers, in the order the checkout lists them. */
export const paymentMethods: PaymentMethodInfo[] = [
  {
    id: 'stripe',
    type: 'card',
    title: 'Credit / Debit Card',
    description: messages.cardDescription,
    flow: 'card',
    countries: [],
  },
  stripe('klarna', 'Klarna', 'redirect', [...EUROZONE, 'DK', 'GB', 'NO', 'SE', 'US']),
  stripe('affirm', 'Affirm', 'redirect', ['US', 'CA']),
  stripe('afterpay_clearpay', 'Afterpay / Clearpay', 'redirect', ['US', 'CA', 'GB', 'AU', 'NZ']),
  stripe('ideal', 'iDEAL', 'redirect', ['NL']),
  stripe('bancontact', 'Bancontact', 'redirect', ['BE']),
  stripe('eps', 'EPS', 'redirect', ['AT']),
  stripe('giropay', 'giropay', 'redirect', ['DE']),
  stripe('p24', 'Przelewy24', 'redirect', ['PL']),
  stripe('sofort', 'Sofort', 'redirect', ['AT', 'BE', 'DE', 'ES', 'IT', 'NL']),
  stripe('alipay', 'Alipay', 'redirect', ['CN', 'HK', 'SG', 'AU', 'GB']),
  stripe('wechat_pay', 'WeChat Pay', 'redirect', ['CN', 'HK', 'SG']),
  stripe('au_becs_debit', 'BECS Direct Debit', 'redirect', ['AU']),
  {
    ...stripe('sepa_debit', 'SEPA Direct Debit', 'debit', EUROZONE),
    description: messages.sepaDescription,
  },
  { ...stripe('blik', 'BLIK', 'blik', ['PL']), description: messages.blikDescription },
  stripe('multibanco', 'Multibanco', 'voucher', ['PT']),
  stripe('boleto', 'Boleto', 'voucher', ['BR']),
  stripe('oxxo', 'OXXO', 'voucher', ['MX']),
  {
    id: 'cod',
    type: null,
    title: 'Cash on delivery',
    description: messages.codDescription,
    flow: 'offline',
    countries: [],
  },
];

/**
 * Seed 001 §3 (a method's `isReusable`): the types a setup intent can save for later, as
 * Stripe allows them.
 */
export const reusableMethodTypes: readonly string[] = [
  'card',
  'sepa_debit',
  'au_becs_debit',
  'ideal',
  'bancontact',
  'sofort',
];

export function paymentMethodById(id: string): PaymentMethodInfo | undefined {
  return paymentMethods.find((method) => method.id === id);
}

/** Seed 001 §5: a method is shown only if the billing country is in its countries list. */
export function availableFor(method: PaymentMethodInfo, billingCountry: string): boolean {
  return method.countries.length === 0 || method.countries.includes(billingCountry);
}

/** The methods offered for a billing country (seed 001 §5), in the shop's order. */
export function methodsFor(billingCountry: string): PaymentMethodInfo[] {
  return paymentMethods.filter((method) => availableFor(method, billingCountry));
}

/** The wanted method when it is offered for the billing country, else the first one offered. */
export function offeredMethod(billingCountry: string, wanted: string): string {
  const offered = methodsFor(billingCountry);
  return offered.some((method) => method.id === wanted) ? wanted : (offered[0]?.id ?? '');
}

/** Seed 001 §5: a BLIK code is six digits. */
export function isValidBlikCode(code: string): boolean {
  return /^\d{6}$/.test(code);
}

import { z } from 'zod';
import { attributionFromForm, type OrderAttribution } from '../content/attribution.ts';
import {
  addressFromForm,
  type BillingAddress,
  type ShippingAddress,
} from '../platform/address/address.ts';
import { termsRefusal } from './terms.ts';

/** How the shopper pays: a checkout method, and what the browser made for it at the processor. */
export interface PaymentChoiceInput {
  /** The checkout's method id (`stripe`, `cod`, ...). */
  methodId: string;
  /** The processor's payment method (`pm_...`), made in the browser; empty without JavaScript. */
  paymentMethodId: string;
  /** A BLIK code, for the method that takes one. */
  blikCode: string;
}

/** Everything placing an order is told by the shopper. */
export interface PlaceOrderInput {
  billing: BillingAddress;
  /** Where it ships when elsewhere than the billing address. */
  shipping: ShippingAddress | null;
  /** The shipping rate chosen in the order review, if any. */
  shippingRate: string | null;
  payment: PaymentChoiceInput;
  /** The shopper ticked "create an account" (the shop's rules decide when it counts). */
  createAccount: boolean;
  accountPassword: string;
  termsAccepted: boolean;
  customerNote: string;
  /** Where the shopper came from (seed 000 §3), when they allowed tracking. */
  attribution: OrderAttribution | null;
}

/** Everything paying for an existing order is told by the shopper. */
export interface PayForOrderInput {
  payment: PaymentChoiceInput;
  termsAccepted: boolean;
}

/** A posted checkout form: text fields, and the odd repeated one. */
const postedForm = z.record(
  z.string().max(200),
  z.union([z.string().max(10_000), z.array(z.string().max(1000)).max(50)]),
);
type PostedForm = z.infer<typeof postedForm>;

const text = (form: PostedForm, name: string): string => {
  const value = form[name];
  return typeof value === 'string' ? value.trim() : '';
};
const ticked = (form: PostedForm, name: string, values: string[]): boolean =>
  values.includes(text(form, name));

function paymentChoice(form: PostedForm): PaymentChoiceInput {
  return {
    methodId: text(form, 'payment_method'),
    paymentMethodId: text(form, 'wc-stripe-payment-method'),
    blikCode: text(form, 'wc-stripe-blik-code'),
  };
}

const termsAccepted = (form: PostedForm) => termsRefusal(form) === null;

/**
 * The checkout form as WooCommerce posts it (the ajax `checkout` call and the page's own post
 * alike): `billing_*` / `shipping_*`, `shipping_method[0]`, `payment_method`,
 * `wc-stripe-payment-method`, `createaccount`, `terms`, `order_comments`, `wc_order_attribution_*`.
 */
export const checkoutForm = postedForm.transform((form): PlaceOrderInput => ({
  billing: addressFromForm(form, 'billing'),
  shipping: ticked(form, 'ship_to_different_address', ['1', 'on', 'true'])
    ? addressFromForm(form, 'shipping')
    : null,
  shippingRate: text(form, 'shipping_method[0]') || null,
  payment: paymentChoice(form),
  createAccount: ticked(form, 'createaccount', ['1', 'on', 'true', 'yes']),
  accountPassword: typeof form.account_password === 'string' ? form.account_password : '',
  termsAccepted: termsAccepted(form),
  customerNote: text(form, 'order_comments').slice(0, 5000),
  attribution: attributionFromForm(form),
}));

/** The order-pay form (WooCommerce's `pay_action`): method, the browser's payment method, terms. */
export const orderPayForm = postedForm.transform((form): PayForOrderInput => ({
  payment: paymentChoice(form),
  termsAccepted: termsAccepted(form),
}));

import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { BillingAddress } from '../../platform/address/address.ts';
import type { Coupon } from '../../cart/coupon.ts';
import {
  cancelDirectOrder,
  finishDirectOrderPayment,
  payDirectOrder,
  placeDirectOrder,
  type DirectPayment,
} from '../../checkout/direct-orders.ts';
import { isPaid, type Order } from '../../checkout/order.ts';
import type { CheckoutDeps } from '../../checkout/payment-steps.ts';
import type { Db } from '../../platform/db/database.ts';
import { messages } from '../../platform/messages/index.ts';
import type { FieldOf, FormDefinition } from '../definition.ts';
import type { FormsRepo } from '../forms.repo.ts';
import { fieldName, type FieldValues } from '../wire.ts';
import { checkFormCoupon } from './coupon.ts';
import { customerOf } from './customer.ts';
import { PAYMENT_METHOD_ID, PAYMENT_WIRE, RETURN_PARAMS, SUBMISSION_ID } from './payment-wire.ts';
import { paymentTotals, type PaymentTotals } from './totals.ts';

/**
 * Paying a form's entry (issue 13): the server works out what to charge from the definition and
 * the posted choices (never from a total the browser sends), and the entry is paid by an order of
 * the shop (checkout's direct orders), so settlement, order mails and the owner's view of orders
 * are the shop's own. One submission (the browser's submission id) is one entry and one order,
 * however often it is sent: a double submit charges once, a declined card may be followed by
 * another without a second charge.
 */
export interface FormPaymentDeps {
  db: Db;
  checkout: CheckoutDeps;
}

export interface Charge {
  totals: PaymentTotals;
  coupon: Coupon | undefined;
  billing: BillingAddress;
  paymentMethodId: string;
  submissionKey: string;
  card: FieldOf<'stripe-credit-card'>;
}

export interface PaymentRefusal {
  fields: Record<string, string>;
  footer?: string;
}

export type ChargeCheck =
  { kind: 'none' } | { kind: 'charge'; charge: Charge } | ({ kind: 'refused' } & PaymentRefusal);

/**
 * What this submission is to pay, checked before anything is stored: the coupon by the shop's
 * rules, the total the visitor saw (a posted total that differs from the server's is refused, so
 * nobody is charged what they did not see), and the card the browser made. Nothing to charge
 * when no card field is shown or the items come to 0.
 */
export async function checkCharge(
  deps: Pick<FormPaymentDeps, 'db'>,
  form: FormDefinition,
  values: FieldValues,
  visible: Set<string>,
  posted: ReadonlyMap<string, string>,
  now: Date,
): Promise<ChargeCheck> {
  const shown = form.fields.filter((field) => visible.has(field.id));
  const billing = customerOf(form, values, visible);
  const before = paymentTotals(form, values, visible);
  const couponField = shown.find((field) => field.type === 'payment-coupon');
  const code = couponField ? (values[couponField.id]?.values.at(-1) ?? '') : '';
  let coupon: Coupon | undefined;
  if (couponField && code !== '') {
    const check = await checkFormCoupon(deps.db, code, before.subtotal, billing.email, now);
    if ('refused' in check)
      return { kind: 'refused', fields: { [fieldName(couponField.id)]: check.refused } };
    coupon = check.coupon;
  }
  const totals = paymentTotals(form, values, visible, coupon);
  const seen = shown
    .filter((field) => field.type === 'payment-total')
    .map((field) => posted.get(fieldName(field.id)))
    .filter((text): text is string => text !== undefined && text !== '');
  if (seen.some((text) => text !== String(totals.total)))
    return { kind: 'refused', fields: {}, footer: messages.formPayments.totalChanged };

  const card = shown.find(
    (field): field is FieldOf<'stripe-credit-card'> => field.type === 'stripe-credit-card',
  );
  if (!card || totals.total <= 0) return { kind: 'none' };
  const paymentMethodId = posted.get(PAYMENT_WIRE.paymentMethodId) ?? '';
  if (!PAYMENT_METHOD_ID.test(paymentMethodId))
    return {
      kind: 'refused',
      fields: { [fieldName(card.id)]: messages.formPayments.paymentDetailsMissing },
    };
  const key = posted.get(PAYMENT_WIRE.submissionId) ?? '';
  return {
    kind: 'charge',
    charge: {
      totals,
      coupon,
      billing,
      paymentMethodId,
      submissionKey: SUBMISSION_ID.test(key) ? key : randomUUID(),
      card,
    },
  };
}

export type EntryPayment =
  | { kind: 'paid' }
  | { kind: 'action_required'; clientSecret: string }
  | ({ kind: 'refused' } & PaymentRefusal);

/** The order's lines, coupon and total, as the charge works them out. */
function sameCharge(order: Order, charge: Charge): boolean {
  const lines = charge.totals.items.filter((item) => item.quantity > 0);
  return (
    order.total === charge.totals.total &&
    order.discountTotal === (charge.totals.coupon?.discount ?? 0) &&
    JSON.stringify(order.coupons) === JSON.stringify(charge.coupon ? [charge.coupon.code] : []) &&
    JSON.stringify(order.billing) === JSON.stringify(charge.billing) &&
    order.lines.length === lines.length &&
    order.lines.every(
      (line, i) =>
        line.name === lines[i]!.label &&
        line.quantity === lines[i]!.quantity &&
        line.total === lines[i]!.amount,
    )
  );
}

/** The entry's order for this charge: its own when it still fits, else a new one (the old one cancelled). */
async function orderFor(
  deps: FormPaymentDeps,
  repo: FormsRepo,
  form: FormDefinition,
  entryId: number,
  charge: Charge,
): Promise<Order | { refused: string } | 'paid'> {
  const entry = await repo.payingEntry(deps.db, { id: entryId });
  if (!entry || entry.status === 'completed') return 'paid';
  const current = entry.orderId ? await deps.checkout.orders.find(entry.orderId) : undefined;
  if (current && (isPaid(current.status) || current.status === 'on-hold')) return 'paid';
  if (current && current.status !== 'cancelled' && sameCharge(current, charge)) return current;
  const placed = await placeDirectOrder(deps.checkout, {
    currency: form.settings.currency_code,
    billing: charge.billing,
    lines: charge.totals.items
      .filter((item) => item.quantity > 0)
      .map((item) => ({
        name: item.label,
        quantity: item.quantity,
        unitPrice: item.unitPrice,
        total: item.amount,
      })),
    coupons: charge.coupon ? [charge.coupon.code] : [],
    discountTotal: charge.totals.coupon?.discount ?? 0,
    customerNote: form.settings.payments.payment_description,
    source: { kind: 'form', ref: String(entryId) },
  });
  if ('refused' in placed) return placed;
  if (await repo.linkOrder(entryId, placed.order.id, current?.id ?? null)) {
    if (current) await cancelDirectOrder(deps.checkout, current);
    return placed.order;
  }
  // Another submit of this entry linked its order first: that one is paid, not ours.
  await cancelDirectOrder(deps.checkout, placed.order);
  const linked = await repo.payingEntry(deps.db, { id: entryId });
  const theirs = linked?.orderId ? await deps.checkout.orders.find(linked.orderId) : undefined;
  return theirs ?? { refused: messages.formPayments.paymentInProgress };
}

/** What the visitor is told of a payment attempt. */
function outcomeOf(payment: DirectPayment, card: Charge['card']): EntryPayment {
  if (payment.kind === 'paid') return { kind: 'paid' };
  if (payment.kind === 'authenticate')
    return { kind: 'action_required', clientSecret: payment.clientSecret };
  if (payment.reason?.kind === 'payment_in_progress')
    return { kind: 'refused', fields: {}, footer: messages.formPayments.paymentInProgress };
  return {
    kind: 'refused',
    fields: { [fieldName(card.id)]: payment.message || messages.formPayments.paymentFailed },
  };
}

/** Where a card challenge comes back to: the page the form was on, naming the form and entry. */
export function paymentReturnUrl(pageUrl: string, form: FormDefinition, entryId: number): string {
  const url = new URL(pageUrl);
  url.searchParams.set(RETURN_PARAMS.form, form.id);
  url.searchParams.set(RETURN_PARAMS.entry, String(entryId));
  return url.href;
}

/**
 * Charges the entry's card: its order (made or reused), the attempt counted against the
 * card-testing limit, the card charged through checkout's order payment. A challenge answers
 * with the intent's client secret for the browser to authenticate.
 */
export async function payEntry(
  deps: FormPaymentDeps,
  repo: FormsRepo,
  form: FormDefinition,
  entryId: number,
  charge: Charge,
  request: { ip: string; origin: string; returnUrl: string },
): Promise<EntryPayment> {
  const order = await orderFor(deps, repo, form, entryId, charge);
  if (order === 'paid') return { kind: 'paid' };
  if ('refused' in order) return { kind: 'refused', fields: {}, footer: order.refused };
  // A form's visitor has no shop session: the card-testing limit counts them by address.
  const verdict = await deps.checkout.paymentAttempts.attempt({
    sessionId: undefined,
    ip: request.ip,
  });
  if (!verdict.allowed) return { kind: 'refused', fields: {}, footer: messages.intentRateLimited };
  const payment = await payDirectOrder(deps.checkout, order, {
    paymentMethodId: charge.paymentMethodId,
    origin: request.origin,
    returnUrl: request.returnUrl,
  });
  return outcomeOf(payment, charge.card);
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface PaymentReturn {
  formId: string;
  entryId: number;
  intentId: string;
  clientSecret: string;
}

/**
 * Back from a card challenge (or Stripe's own challenge in the page): the entry's order is
 * settled from its intent as the processor has it. Only who holds the intent's client secret
 * learns anything; an intent that is not the entry's order's own is no payment of this entry.
 */
export async function finishEntryPayment(
  deps: FormPaymentDeps,
  repo: FormsRepo,
  input: PaymentReturn,
): Promise<EntryPayment | { kind: 'not_found' }> {
  const entry = await repo.payingEntry(deps.db, { id: input.entryId });
  const order = entry?.orderId ? await deps.checkout.orders.find(entry.orderId) : undefined;
  if (!entry || entry.formId !== input.formId || !order || order.paymentIntentId !== input.intentId)
    return { kind: 'not_found' };
  let secret: string | null;
  try {
    secret = (await deps.checkout.payments().stripe.paymentIntents.retrieve(input.intentId))
      .client_secret;
  } catch {
    return { kind: 'not_found' };
  }
  if (!secret || !sameText(secret, input.clientSecret)) return { kind: 'not_found' };
  if (entry.status === 'completed') return { kind: 'paid' };
  const payment = await finishDirectOrderPayment(deps.checkout, order, input.intentId);
  if (payment.kind === 'paid') return { kind: 'paid' };
  return {
    kind: 'refused',
    fields: {},
    footer: (payment.kind === 'failed' && payment.message) || messages.formPayments.paymentFailed,
  };
}

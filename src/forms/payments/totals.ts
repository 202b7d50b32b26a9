import { couponDiscount, type Coupon } from '../../cart/coupon.ts';
import {
  ORDER_SUMMARY_BATCH,
  ORDER_SUMMARY_PRICE_PADDING,
} from '../../platform/constants/index.ts';
import { formatAmount, parseAmount, type AmountStyle } from '../../platform/money/amount-style.ts';
import type { Money } from '../../platform/money/money.ts';
import type { FieldOf, FormDefinition, FormField, FormSettings } from '../definition.ts';
import { choiceValue } from '../rules/choices.ts';
import type { FieldValue, FieldValues } from '../wire.ts';

/**
 * A form's payment (seed 002 §2, §3, §5; issue 13): the items the visitor chose, their quantities
 * and prices, the coupon, the total and the order summary. Plain functions of the definition and
 * the field values (wire.ts), run by the browser to show the running total and by the server to
 * work out what to charge: the server never takes a total from the browser.
 */
export type PaymentField =
  | FieldOf<'payment-single'>
  | FieldOf<'payment-multiple'>
  | FieldOf<'payment-checkbox'>
  | FieldOf<'payment-select'>;

const PAYMENT_TYPES = new Set([
  'payment-single',
  'payment-multiple',
  'payment-checkbox',
  'payment-select',
]);

export function isPaymentField(field: FormField): field is PaymentField {
  return PAYMENT_TYPES.has(field.type);
}

/** A field of a paying form's own (the items, the coupon, the total, the card). */
export function partOfPayment(field: FormField): boolean {
  return field.type.startsWith('payment-') || field.type === 'stripe-credit-card';
}

/** The form's currency settings as the one money helper writes them. */
export function amountStyle(settings: FormSettings): AmountStyle {
  return {
    decimals: settings.currency_decimals,
    decimalSeparator: settings.currency_decimal,
    thousandSeparator: settings.currency_thousands,
    symbol: settings.currency_symbol,
    symbolPosition: settings.currency_symbol_pos,
  };
}

/** What a coupon needs to discount a form's items: the shop's coupon, or what the browser got of it. */
export type FormCoupon = Pick<Coupon, 'code' | 'discountType' | 'amount' | 'minimumSpend'>;

/** One item the form can charge for: a single item, or one choice of a choice field. */
export interface PaymentItem {
  /** `{field id}` for a single item, `{field id}_{choice number}` (1-based) for a choice. */
  key: string;
  fieldId: string;
  /** The choice's submitted value; '' for a single item. */
  choice: string;
  /** The field's label, then the choice's: what the summary and the order call it. */
  label: string;
  /** Whether the visitor chose it (a single item is chosen once it has a price or an amount). */
  chosen: boolean;
  quantity: number;
  unitPrice: Money;
  amount: Money;
}

/**
 * The quantity chosen for a field: 1 without a quantity select; else the posted whole number
 * from 0 to the field's most, 1 when none was posted, undefined when it is not one of those.
 */
export function quantityOf(field: PaymentField, value: FieldValue | undefined): number | undefined {
  if (field.quantity_max === 0) return 1;
  const posted = value?.parts?.quantity;
  if (posted === undefined || posted === '') return 1;
  if (!/^\d{1,4}$/.test(posted)) return undefined;
  const quantity = Number(posted);
  return quantity <= field.quantity_max ? quantity : undefined;
}

/** A single item's price: fixed, or the amount the visitor entered (undefined until it parses). */
export function singlePrice(
  form: FormDefinition,
  field: FieldOf<'payment-single'>,
  value: FieldValue | undefined,
): Money | undefined {
  if (field.format !== 'user') return field.price;
  return parseAmount(value?.values.at(-1) ?? '', amountStyle(form.settings));
}

const itemLabel = (field: FormField, choice?: string) =>
  choice === undefined ? field.label : field.label ? `${field.label} - ${choice}` : choice;

/** Every item the form can charge for, in the form's order, as these values choose them. */
export function paymentItems(form: FormDefinition, values: FieldValues): PaymentItem[] {
  const items: PaymentItem[] = [];
  for (const field of form.fields) {
    if (!isPaymentField(field)) continue;
    const value = values[field.id];
    const quantity = quantityOf(field, value) ?? 0;
    if (field.type === 'payment-single') {
      const price = singlePrice(form, field, value);
      items.push({
        key: field.id,
        fieldId: field.id,
        choice: '',
        label: itemLabel(field),
        chosen: price !== undefined,
        quantity,
        unitPrice: price ?? 0,
        amount: (price ?? 0) * quantity,
      });
      continue;
    }
    const chosen = new Set(value?.values ?? []);
    field.choices.forEach((choice, index) => {
      const submitted = choiceValue(choice);
      items.push({
        key: `${field.id}_${index + 1}`,
        fieldId: field.id,
        choice: submitted,
        label: itemLabel(field, choice.label),
        chosen: chosen.has(submitted),
        quantity,
        unitPrice: choice.price,
        amount: choice.price * quantity,
      });
    });
  }
  return items;
}

/** What the visitor is buying: chosen items of shown fields (seed 002 §5: hidden ones count nothing). */
export function chargedItems(items: readonly PaymentItem[], visible: Set<string>): PaymentItem[] {
  return items.filter((item) => item.chosen && visible.has(item.fieldId));
}

/** The coupon's discount on these items: the shop's rule, nothing under its minimum spend. */
export function couponDiscountOn(coupon: FormCoupon | undefined, subtotal: Money): Money {
  if (!coupon) return 0;
  if (coupon.minimumSpend !== null && coupon.minimumSpend > 0 && subtotal < coupon.minimumSpend)
    return 0;
  return couponDiscount(coupon as Coupon, subtotal);
}

export interface PaymentTotals {
  /** The chosen items of shown fields, quantity 0 included (they charge nothing). */
  items: PaymentItem[];
  subtotal: Money;
  coupon: { code: string; discount: Money } | undefined;
  total: Money;
}

/** The form's total for these values: shown fields' chosen items, less the coupon. */
export function paymentTotals(
  form: FormDefinition,
  values: FieldValues,
  visible: Set<string>,
  coupon?: FormCoupon,
): PaymentTotals {
  const items = chargedItems(paymentItems(form, values), visible);
  const subtotal = items.reduce((sum, item) => sum + item.amount, 0);
  const discount = couponDiscountOn(coupon, subtotal);
  return {
    items,
    subtotal,
    coupon: coupon ? { code: coupon.code, discount } : undefined,
    total: subtotal - discount,
  };
}

/**
 * Seed 002 §5: a custom total (a page's `wpformsAmountTotalCalculated` listener, in minor units)
 * replaces the calculated one only when it is a whole amount of 0 or more.
 */
export function withTotalOverride(total: Money, override: unknown): Money {
  return typeof override === 'number' && Number.isSafeInteger(override) && override >= 0
    ? override
    : total;
}

/**
 * Seed 002 §5: the total is worked out again only when it changed, or when the change came from
 * a radio, a select or a checkbox (the chosen item may differ at the same price).
 */
export function shouldRecalculate(
  triggerType: string | undefined,
  previous: Money | undefined,
  next: Money,
): boolean {
  const choice = ['radio', 'checkbox', 'select-one', 'select-multiple', 'select'];
  return previous !== next || (triggerType !== undefined && choice.includes(triggerType));
}

/** One row of the order summary table (seed 002 §2, §3: keyed by field id and choice). */
export interface SummaryRow {
  key: string;
  label: string;
  quantity: number;
  /** The row's price: unit price times quantity, written in the form's currency. */
  price: string;
  /** Shown when its field is shown, it is chosen and its quantity is not 0. */
  shown: boolean;
}

export interface OrderSummary {
  rows: SummaryRow[];
  /** Seed 002 §2: the placeholder row, when no item is shown. */
  placeholder: boolean;
  coupon: { code: string; amount: string } | undefined;
  total: string;
  /** Seed 002 §2: the longer of the coupon total and the total, plus 3 characters. */
  priceColumnWidth: string;
}

/** The order summary for these values: every item's row, shown or not, and the totals. */
export function orderSummary(
  form: FormDefinition,
  values: FieldValues,
  visible: Set<string>,
  coupon?: FormCoupon,
  total?: Money,
): OrderSummary {
  const style = amountStyle(form.settings);
  const totals = paymentTotals(form, values, visible, coupon);
  const rows = paymentItems(form, values).map((item) => ({
    key: item.key,
    label: item.label,
    quantity: item.quantity,
    price: formatAmount(item.amount, style),
    shown: item.chosen && visible.has(item.fieldId) && item.quantity > 0,
  }));
  const couponRow = totals.coupon && {
    code: totals.coupon.code,
    amount: formatAmount(-totals.coupon.discount, style),
  };
  const totalText = formatAmount(total ?? totals.total, style);
  return {
    rows,
    placeholder: !rows.some((row) => row.shown),
    coupon: couponRow,
    total: totalText,
    priceColumnWidth: priceColumnWidth(couponRow?.amount ?? '', totalText),
  };
}

export function priceColumnWidth(couponTotal: string, total: string): string {
  return `${Math.max(couponTotal.length, total.length) + ORDER_SUMMARY_PRICE_PADDING}ch`;
}

/** Seed 002 §2: the summary's rows are updated this many at a time. */
export function inBatches<T>(rows: readonly T[], size = ORDER_SUMMARY_BATCH): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += size)
    batches.push(rows.slice(start, start + size));
  return batches;
}

import { formPaymentsMessages } from '../../platform/messages/form-payments.ts';
import { format, messages } from '../../platform/messages/index.ts';
import type { FieldOf, FormDefinition } from '../definition.ts';
import { orderSummary, type PaymentField } from '../payments/totals.ts';
import { fieldName, quantityName, type FieldValues } from '../wire.ts';

/**
 * The payment fields' own markup (issue 13; seed 002 §2, §3): quantity selects, the coupon
 * field, the card field and the total with its order summary table. The server writes them with
 * the totals of the posted values; in the browser the runtime's payments.ts keeps them current.
 */
const m = formPaymentsMessages.formPayments;

export const paymentInputId = (form: FormDefinition, fieldId: string, part?: string) =>
  `wpforms-${form.id}-field_${fieldId}${part ? `-${part}` : ''}`;

/** Seed 002 §3: a payment field's quantity select, id `{field id}-quantity`, 0 to its most. */
export function QuantitySelect({
  form,
  field,
  values,
}: {
  form: FormDefinition;
  field: PaymentField;
  values: FieldValues;
}) {
  if (field.quantity_max === 0) return null;
  const id = paymentInputId(form, field.id, 'quantity');
  const chosen = values[field.id]?.parts?.quantity || '1';
  return (
    <span className="wpforms-payment-quantity">
      <label htmlFor={id}>{m.quantity}</label>
      <select id={id} name={quantityName(field.id)} defaultValue={chosen}>
        {Array.from({ length: field.quantity_max + 1 }, (_, n) => (
          <option key={n} value={String(n)}>
            {n}
          </option>
        ))}
      </select>
    </span>
  );
}

/** The shop's coupon, applied at once in the browser (`wpforms_apply_coupon`), or with the post. */
export function CouponField({
  form,
  field,
  values,
  error,
}: {
  form: FormDefinition;
  field: FieldOf<'payment-coupon'>;
  values: FieldValues;
  error: string | undefined;
}) {
  const id = paymentInputId(form, field.id);
  return (
    <>
      <label className="wpforms-field-label" htmlFor={id}>
        {field.label || m.couponCode}
      </label>
      <div className="wpforms-field-row-block wpforms-coupon-row">
        <input
          type="text"
          id={id}
          name={fieldName(field.id)}
          defaultValue={values[field.id]?.values.at(-1) ?? ''}
          placeholder={field.placeholder || undefined}
          autoComplete="off"
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
        />
        <button type="button" className="wpforms-coupon-apply" data-coupon-apply hidden>
          {m.couponApply}
        </button>
      </div>
      <p className="wpforms-coupon-message" role="status" data-coupon-message />
      {error && (
        <em className="wpforms-error" id={`${id}-error`} role="alert">
          {error}
        </em>
      )}
    </>
  );
}

/** The card element's three inputs, in the order a card shows them. */
const cardParts = [
  {
    name: 'number',
    label: m.cardNumber,
    autoComplete: 'cc-number',
    placeholder: m.cardNumberPlaceholder,
  },
  {
    name: 'expiry',
    label: m.cardExpiry,
    autoComplete: 'cc-exp',
    placeholder: m.cardExpiryPlaceholder,
  },
  { name: 'cvc', label: m.cardCvc, autoComplete: 'cc-csc', placeholder: m.cardCvcPlaceholder },
] as const;

/**
 * The card, typed into the shop's payment element: these inputs have no name, so the card goes
 * to the payment provider only (the browser posts the payment method it made). With Stripe's
 * keys the provider mounts its own element into the box instead.
 */
export function CardField({
  form,
  field,
  error,
}: {
  form: FormDefinition;
  field: FieldOf<'stripe-credit-card'>;
  error: string | undefined;
}) {
  const id = paymentInputId(form, field.id);
  const part = (name: string) => `${id}-${name}`;
  return (
    <fieldset className="wpforms-card" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="wpforms-field-label">
        {field.label || m.cardLegend}
        {field.required && (
          <abbr className="wpforms-required-label" title={messages.forms.requiredMark}>
            {' *'}
          </abbr>
        )}
      </legend>
      <div
        className="wpforms-field-row-block wpforms-card-row"
        role="group"
        aria-label={m.cardLegend}
      >
        {cardParts.map(({ name, label, autoComplete, placeholder }) => (
          <span key={name} className={`wpforms-card-${name}`}>
            <label htmlFor={part(name)}>{label}</label>
            <input
              id={part(name)}
              type="text"
              inputMode="numeric"
              autoComplete={autoComplete}
              placeholder={placeholder}
              data-card={name}
            />
          </span>
        ))}
        <div className="wpforms-card-provider" data-card-provider hidden />
        {/* Where the card's refusals are shown (the server names the field). */}
        <input type="hidden" name={fieldName(field.id)} value="" />
      </div>
      {error && (
        <em className="wpforms-error" id={`${id}-error`} role="alert">
          {error}
        </em>
      )}
      <noscript>
        <p className="wpforms-card-noscript">{m.cardNeedsScript}</p>
      </noscript>
    </fieldset>
  );
}

/**
 * The total (seed 002 §2), with the order summary table when the field asks for it: every item's
 * row (hidden unless chosen, shown and not quantity 0), a placeholder row when none is, the
 * coupon and the total; the price column as wide as the longer of those two plus 3 characters.
 * The total is written once: in the table's total row when there is a table, else on its own.
 */
export function TotalField({
  form,
  field,
  values,
  visible,
}: {
  form: FormDefinition;
  field: FieldOf<'payment-total'>;
  values: FieldValues;
  visible: Set<string>;
}) {
  const summary = orderSummary(form, values, visible);
  const id = paymentInputId(form, field.id);
  const width = { width: summary.priceColumnWidth };
  const total = (
    <output className="wpforms-payment-total" aria-labelledby={`${id}-label`} data-total>
      {summary.total}
    </output>
  );
  return (
    <>
      <p className="wpforms-field-label" id={`${id}-label`}>
        {field.label}
      </p>
      {field.summary && (
        <table className="wpforms-order-summary-preview" data-order-summary>
          <caption className="wpforms-screen-reader-element">{m.summaryCaption}</caption>
          <thead>
            <tr>
              <th scope="col" className="wpforms-order-summary-item-label">
                {m.summaryItem}
              </th>
              <th scope="col" className="wpforms-order-summary-item-quantity">
                {m.summaryQuantity}
              </th>
              <th scope="col" className="wpforms-order-summary-item-price" style={width}>
                {m.summaryPrice}
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.rows.map((row) => (
              <tr key={row.key} data-summary-row={row.key} hidden={!row.shown || undefined}>
                <td className="wpforms-order-summary-item-label">{row.label}</td>
                <td className="wpforms-order-summary-item-quantity">{row.quantity}</td>
                <td className="wpforms-order-summary-item-price">{row.price}</td>
              </tr>
            ))}
            <tr
              className="wpforms-order-summary-placeholder"
              data-summary-placeholder
              hidden={!summary.placeholder || undefined}
            >
              <td colSpan={3}>{m.summaryEmpty}</td>
            </tr>
          </tbody>
          <tfoot>
            <tr
              className="wpforms-order-summary-preview-coupon-total"
              data-summary-coupon
              hidden={!summary.coupon || undefined}
            >
              <th scope="row" colSpan={2} data-summary-coupon-label>
                {summary.coupon ? format(m.summaryCoupon, { code: summary.coupon.code }) : ''}
              </th>
              <td className="wpforms-order-summary-item-price" data-summary-coupon-amount>
                {summary.coupon?.amount ?? ''}
              </td>
            </tr>
            <tr className="wpforms-order-summary-preview-total">
              <th scope="row" colSpan={2}>
                {m.summaryTotal}
              </th>
              <td className="wpforms-order-summary-item-price">{total}</td>
            </tr>
          </tfoot>
        </table>
      )}
      {!field.summary && total}
      {/* The total the visitor saw: the server refuses a submit whose total is not its own. */}
      <input type="hidden" name={fieldName(field.id)} value="" data-total-input />
    </>
  );
}

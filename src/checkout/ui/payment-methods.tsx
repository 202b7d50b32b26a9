import { useState } from 'react';
import { availableFor, paymentMethods, type PaymentMethodInfo } from '../../payments/methods.ts';
import { CardElement } from '../../payments/ui/card-element.tsx';
import type { CardDetails } from '../../payments/ui/local-stripe.ts';
import { messages } from '../../platform/messages/index.ts';

/** Seed 001 §5: the BLIK field's invalid mark goes when it is emptied. */
function BlikCode({ error, disabled }: { error: string | null; disabled?: boolean }) {
  const [value, setValue] = useState('');
  const invalid = error !== null && value !== '';
  return (
    <p className={`form-row form-row-wide${invalid ? ' woocommerce-invalid' : ''}`}>
      <label htmlFor="wc-stripe-blik-code">{messages.blikCodeLabel}</label>
      <input
        id="wc-stripe-blik-code"
        name="wc-stripe-blik-code"
        className="input-text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        disabled={disabled}
        onChange={(event) => setValue(event.target.value.replace(/\D/g, ''))}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? 'wc-stripe-blik-code-error' : undefined}
      />
      {invalid && (
        <span id="wc-stripe-blik-code-error" className="field-error" role="alert">
          {error}
        </span>
      )}
    </p>
  );
}

/** The methods offered for a billing country (seed 001 §5), in the shop's order. */
export function methodsFor(country: string): PaymentMethodInfo[] {
  return paymentMethods.filter((method) => availableFor(method, country));
}

/**
 * The payment-method radios, each with its box (seed 001 §2): the card element, the BLIK code,
 * or a description. A method not offered for the billing country is not listed.
 */
export function PaymentMethods({
  country,
  chosen,
  onChoose,
  card,
  onCardChange,
  hydrated,
  disabled,
  blikError,
}: {
  country: string;
  chosen: string;
  onChoose: (id: string) => void;
  card: CardDetails;
  onCardChange: (card: CardDetails) => void;
  hydrated: boolean;
  disabled: boolean;
  blikError: string | null;
}) {
  const offered = methodsFor(country);
  return (
    <div id="payment" className="woocommerce-checkout-payment">
      <fieldset className="wc_payment_methods payment_methods">
        <legend>Payment method</legend>
        <ul>
          {offered.map((pm) => (
            <li key={pm.id} className={`wc_payment_method payment_method_${pm.id}`}>
              <input
                id={`payment_method_${pm.id}`}
                type="radio"
                name="payment_method"
                value={pm.id}
                checked={chosen === pm.id}
                onChange={() => onChoose(pm.id)}
                className="input-radio"
              />
              <label htmlFor={`payment_method_${pm.id}`}>{pm.title}</label>
              <div className={`payment_box payment_method_${pm.id}`} hidden={chosen !== pm.id}>
                <p>{pm.description}</p>
                {pm.type && !hydrated && (
                  <p className="notice notice-info">{messages.cardPaymentNeedsJs}</p>
                )}
                {pm.flow === 'card' && hydrated && (
                  <CardElement value={card} onChange={onCardChange} disabled={disabled} />
                )}
                {pm.flow === 'blik' && hydrated && (
                  <BlikCode error={blikError} disabled={disabled} />
                )}
              </div>
            </li>
          ))}
        </ul>
      </fieldset>
    </div>
  );
}

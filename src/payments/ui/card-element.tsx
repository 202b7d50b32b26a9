import { IMaskInput } from 'react-imask';
import type { CardDetails } from './local-stripe.ts';

/**
 * The local card element: number, expiry and CVC with the seed's masks (seed 000 §5). Its values
 * go to the test processor only, never to the shop's server (the fields have no `name`).
 */
export function CardElement({
  value,
  onChange,
  disabled,
}: {
  value: CardDetails;
  onChange: (next: CardDetails) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="card-element" disabled={disabled}>
      <legend className="visually-hidden">Card details</legend>
      <div className="form-row form-row-wide">
        <label htmlFor="card-number">Card number</label>
        <IMaskInput
          id="card-number"
          mask="0000 0000 0000 0000"
          value={value.number}
          onAccept={(number: string) => onChange({ ...value, number })}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          className="input-text"
        />
      </div>
      <div className="form-row form-row-first">
        <label htmlFor="card-expiry">Expiration date</label>
        <IMaskInput
          id="card-expiry"
          mask="00/00"
          value={value.expiry}
          onAccept={(expiry: string) => onChange({ ...value, expiry })}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          className="input-text"
        />
      </div>
      <div className="form-row form-row-last">
        <label htmlFor="card-cvc">Security code</label>
        <IMaskInput
          id="card-cvc"
          mask="000"
          value={value.cvc}
          onAccept={(cvc: string) => onChange({ ...value, cvc })}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          className="input-text"
        />
      </div>
    </fieldset>
  );
}

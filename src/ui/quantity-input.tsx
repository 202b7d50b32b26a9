import { useId } from 'react';
import { QUANTITY_STEP } from '../platform/constants/index.ts';
import { shopMessages } from '../platform/messages/shop.ts';

/** A quantity field labelled `Quantity` (CONTRACT §5). */
export function QuantityInput({
  raiseToMin = true,
  name,
  defaultValue = 1,
  min = 1,
  max,
  label = shopMessages.quantity,
  id,
}: {
  name: string;
  defaultValue?: number;
  min?: number;
  max?: number | undefined;
  label?: string;
  id?: string;
  /** Seed 000 §5: a value below the minimum is raised to it (not on the cart page, where 0 removes). */
  raiseToMin?: boolean;
}) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className="quantity">
      <label className="visually-hidden" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="input-text qty"
        type="number"
        name={name}
        defaultValue={defaultValue}
        min={min}
        max={max}
        step={QUANTITY_STEP}
        inputMode="numeric"
        size={4}
        onBlur={(event) => {
          const input = event.currentTarget;
          if (raiseToMin && input.value !== '' && Number(input.value) < min)
            input.value = String(min);
        }}
      />
    </div>
  );
}

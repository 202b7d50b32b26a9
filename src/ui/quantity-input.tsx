import { useId } from 'react';
import { QUANTITY_STEP } from '../platform/constants/index.ts';

/** A quantity field labelled `Quantity` (CONTRACT §5). */
export function QuantityInput({
  name,
  defaultValue = 1,
  min = 1,
  max,
  label = 'Quantity',
  id,
}: {
  name: string;
  defaultValue?: number;
  min?: number;
  max?: number | undefined;
  label?: string;
  id?: string;
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
      />
    </div>
  );
}

import { useEffect, useState } from 'react';
import {
  attributionFields,
  attributionInputName,
  attributionInputValues,
  type AttributionField,
} from '../attribution.ts';
import { watchConsent } from './browser-attribution.ts';

const empty = Object.fromEntries(attributionFields.map((field) => [field, ''])) as Record<
  AttributionField,
  string
>;

/**
 * The order attribution's hidden inputs (`wc_order_attribution_*`), for any form that creates an
 * order or an account (the checkout; the register form): filled from the visit's tracking cookies
 * when tracking is allowed, empty otherwise.
 */
export function OrderAttributionInputs() {
  const [values, setValues] = useState(empty);
  useEffect(
    () => watchConsent((visit) => setValues(visit ? attributionInputValues(visit) : empty)),
    [],
  );
  return (
    <>
      {attributionFields.map((field) => (
        <input key={field} type="hidden" name={attributionInputName(field)} value={values[field]} />
      ))}
    </>
  );
}

/** Records each page view of the visit (with consent): mounted once, in the shop's footer. */
export function AttributionTracker() {
  useEffect(() => watchConsent(() => undefined), []);
  return null;
}

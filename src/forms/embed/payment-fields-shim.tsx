import { useEffect, useRef, useState, type FunctionComponent } from 'react';
import type * as PaymentFields from '../ui/payment-fields.tsx';

/**
 * In embed.js, `ui/payment-fields.tsx` is this: each payment field's part (quantity, coupon, card,
 * total) renders nothing until `showPaymentFields` is given the real ones, which app.tsx loads
 * when the runtime first needs them (RuntimeEnv.renderPaymentFields). So a form that takes no
 * payment, or takes it on a later page, does not load them with its first page. Only the parts
 * render again: a render of the whole form would undo what the runtime wrote into its inputs (the
 * page number, a refreshed token). vite.embed.config.ts swaps it in.
 */
type Parts = Pick<
  typeof PaymentFields,
  'QuantitySelect' | 'CouponField' | 'CardField' | 'TotalField'
>;

let shown: Parts | undefined;
/** The parts on the page still without the real ones: each renders them, then resolves. */
const waiting = new Set<(parts: Parts) => Promise<void>>();

/** Renders the real parts wherever a form has one; resolves once they are in the page. */
export async function showPaymentFields(parts: Parts): Promise<void> {
  shown = parts;
  await Promise.all([...waiting].map((show) => show(parts)));
}

function part<Name extends keyof Parts>(name: Name): Parts[Name] {
  function PaymentPart(props: Parameters<Parts[Name]>[0]) {
    const [parts, setParts] = useState(shown);
    const rendered = useRef<() => void>(undefined);
    useEffect(() => {
      if (parts) {
        rendered.current?.();
        return undefined;
      }
      const show = (real: Parts) =>
        new Promise<void>((resolve) => {
          rendered.current = resolve;
          setParts(real);
        });
      waiting.add(show);
      return () => void waiting.delete(show);
    }, [parts]);
    if (!parts) return null;
    const Real = parts[name] as FunctionComponent<typeof props>;
    return <Real {...props} />;
  }
  return PaymentPart as Parts[Name];
}

export const QuantitySelect = part('QuantitySelect');
export const CouponField = part('CouponField');
export const CardField = part('CardField');
export const TotalField = part('TotalField');

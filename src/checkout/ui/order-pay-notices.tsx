import { useEffect, useRef } from 'react';
import { scrollToNotices } from '../../ui/notices.tsx';

/**
 * The order-pay page's error notices, in the notices wrapper (seed 001 §2): announced as an alert,
 * scrolled into view and focused. The list keeps its list semantics inside the alert, so the page
 * passes axe's listitem rule with an error showing.
 */
export function OrderPayErrors({
  errors,
  scrollIntoView = false,
}: {
  errors: readonly string[];
  scrollIntoView?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scrollIntoView && errors.length > 0 && ref.current) scrollToNotices(ref.current);
  }, [errors, scrollIntoView]);
  return (
    <div
      className="woocommerce-notices-wrapper"
      ref={ref}
      tabIndex={errors.length ? -1 : undefined}
    >
      {errors.length > 0 && (
        <div className="notice notice-error woocommerce-error order-pay-errors" role="alert">
          <ul>
            {errors.map((text, index) => (
              <li key={index}>{text}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

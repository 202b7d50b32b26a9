import { shopMessages } from '../platform/messages/shop.ts';

/** The `*` after a required field's label, as WooCommerce writes it. */
export function RequiredMark() {
  return (
    <abbr className="required" title={shopMessages.fieldRequiredTitle}>
      *
    </abbr>
  );
}

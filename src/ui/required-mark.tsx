import { messages } from '../platform/messages/index.ts';

/** The `*` after a required field's label, as WooCommerce writes it. */
export function RequiredMark() {
  return (
    <abbr className="required" title={messages.fieldRequiredTitle}>
      *
    </abbr>
  );
}

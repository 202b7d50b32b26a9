import { OrderAttributionInputs } from '../../content/ui/order-attribution.tsx';

/**
 * Extra hidden inputs of the registration form (the page's and the dialog's): order attribution's
 * `wc_order_attribution_*` fields, filled only when the visitor allowed tracking. The server
 * accepts and, for now, does not keep them (WooCommerce keeps them on the new customer).
 */
export function RegisterFormExtras() {
  return <OrderAttributionInputs />;
}

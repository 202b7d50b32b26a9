/** The checkout form's nonce action, as WooCommerce names its field. */
export const CHECKOUT_NONCE = 'woocommerce-process_checkout';

/** Nonce actions of the cart's calls, as WooCommerce names them. */
export const STORE_API_NONCE = 'wc_store_api';
/** The cart page's remove links and quantity updates. */
export const CART_NONCE = 'woocommerce-cart';

/** The login form's nonce action and field, as WooCommerce names them. */
export const LOGIN_NONCE = 'woocommerce-login';
export const LOGIN_NONCE_FIELD = 'woocommerce-login-nonce';
/** The log-out link's `_wpnonce`. */
export const LOGOUT_NONCE = 'customer-logout';

/** Nonce actions of the cart's calls, as WooCommerce names them. */
export const STORE_API_NONCE = 'wc_store_api';
/** The cart page's remove links, quantity updates and coupon form. */
export const CART_NONCE = 'woocommerce-cart';
/** The slide-out cart's `refresh_cart` changes (`security` field). */
export const SLIDE_OUT_NONCE = 'refresh-cart';
/** The wc-ajax coupon calls (`security` field). */
export const APPLY_COUPON_NONCE = 'apply-coupon';
export const REMOVE_COUPON_NONCE = 'remove-coupon';

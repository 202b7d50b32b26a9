/** The checkout form's nonce action, as WooCommerce names its field. */
export const CHECKOUT_NONCE = 'woocommerce-process_checkout';
/** The order review refresh (`security` of `update_order_review`). */
export const UPDATE_ORDER_REVIEW_NONCE = 'update-order-review';
/** The order-pay page's form. */
export const ORDER_PAY_NONCE = 'woocommerce-pay';

/** The review form's nonce action (its `_wpnonce` field). */
export const REVIEW_NONCE = 'product-review';

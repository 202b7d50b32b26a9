/** Per-action nonces of the gateway's `wc_stripe_*` calls (seed 001 §3, §7). */
export const STRIPE_NONCES = {
  updateOrderStatus: 'wc_stripe_update_order_status_nonce',
  updateFailedOrder: 'wc_stripe_update_failed_order_nonce',
  createPaymentIntent: 'wc_stripe_create_payment_intent_nonce',
  updatePaymentIntent: 'wc_stripe_update_payment_intent_nonce',
  initSetupIntent: 'wc_stripe_create_setup_intent_nonce',
  saveAppearance: 'wc_stripe_save_appearance_nonce',
} as const;

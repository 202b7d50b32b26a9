/** The login form's nonce action and field, as WooCommerce names them. */
export const LOGIN_NONCE = 'woocommerce-login';
export const LOGIN_NONCE_FIELD = 'woocommerce-login-nonce';
/** The log-out link's `_wpnonce`. */
export const LOGOUT_NONCE = 'customer-logout';
/** The registration form's (WooCommerce's names). */
export const REGISTER_NONCE = 'woocommerce-register';
export const REGISTER_NONCE_FIELD = 'woocommerce-register-nonce';
/** The lost-password form's, and the new-password form's it leads to. */
export const LOST_PASSWORD_NONCE = 'lost_password';
export const LOST_PASSWORD_NONCE_FIELD = 'woocommerce-lost-password-nonce';
export const RESET_PASSWORD_NONCE = 'reset_password';
export const RESET_PASSWORD_NONCE_FIELD = 'woocommerce-reset-password-nonce';
/** The page a mailed confirmation link opens. */
export const CONFIRM_EMAIL_NONCE = 'confirm_email';
export const CONFIRM_EMAIL_NONCE_FIELD = 'confirm-email-nonce';
/** My-account's forms. */
export const ACCOUNT_DETAILS_NONCE = 'save_account_details';
export const ACCOUNT_DETAILS_NONCE_FIELD = 'save-account-details-nonce';
export const EDIT_ADDRESS_NONCE = 'woocommerce-edit_address';
export const EDIT_ADDRESS_NONCE_FIELD = 'woocommerce-edit-address-nonce';

/** Which nonce each admin-ajax auth action takes, and in which field of its form. */
export const AUTH_FORM_NONCES = {
  login: { action: LOGIN_NONCE, field: LOGIN_NONCE_FIELD },
  register: { action: REGISTER_NONCE, field: REGISTER_NONCE_FIELD },
  lost_password: { action: LOST_PASSWORD_NONCE, field: LOST_PASSWORD_NONCE_FIELD },
} as const;
export type AuthAction = keyof typeof AUTH_FORM_NONCES;

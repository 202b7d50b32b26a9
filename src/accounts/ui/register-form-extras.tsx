/**
 * Extra hidden inputs of the registration form (the page's and the dialog's): order attribution's
 * `wc_order_attribution_*` fields go here when the content part adds them. The server ignores
 * fields it does not know, so adding inputs here needs no change to accounts.
 */
export function RegisterFormExtras() {
  return null;
}

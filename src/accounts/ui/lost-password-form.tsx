import type { ReactNode } from 'react';
import { accountMessages } from '../../platform/messages/accounts.ts';
import { checkoutAccountMessages } from '../../platform/messages/checkout-account.ts';
import { LOST_PASSWORD_NONCE_FIELD } from '../nonces.ts';
import { FormMessage, TextField } from './auth-fields.tsx';
import { useAuthForm, type AuthFormState } from './use-auth-form.ts';

/**
 * WooCommerce's lost-password form, the same on `/my-account/lost-password/` and in the
 * `Lost your password?` dialog. Its answer is the same whether the address has an account.
 */
export function LostPasswordForm({
  nonce,
  idPrefix = '',
  autoFocus = false,
  initial,
  footer,
}: {
  nonce: string;
  idPrefix?: string;
  autoFocus?: boolean;
  initial?: Partial<AuthFormState>;
  footer?: ReactNode;
}) {
  const { errors, message, busy, onSubmit } = useAuthForm(initial);
  return (
    <form
      className="woocommerce-ResetPassword lost_reset_password account-form"
      method="post"
      action="/my-account/lost-password/"
      data-action="lost_password"
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={busy || undefined}
      noValidate
    >
      <FormMessage message={message} />
      <p>{accountMessages.lostPasswordIntro}</p>
      <TextField
        field="user_login"
        name="user_login"
        label={checkoutAccountMessages.usernameOrEmail}
        autoComplete="username"
        errors={errors}
        idPrefix={idPrefix}
        autoFocus={autoFocus}
      />
      <input type="hidden" name={LOST_PASSWORD_NONCE_FIELD} value={nonce} />
      <p className="form-row">
        <button
          type="submit"
          className="button button-primary"
          name="wc_reset_password"
          value="true"
          disabled={busy}
        >
          {accountMessages.resetPassword}
        </button>
      </p>
      {footer}
    </form>
  );
}

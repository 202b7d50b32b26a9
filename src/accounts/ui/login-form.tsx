import type { ReactNode } from 'react';
import { checkoutAccountMessages } from '../../platform/messages/checkout-account.ts';
import { LOGIN_NONCE_FIELD } from '../nonces.ts';
import { FormMessage, PasswordField, TextField } from './auth-fields.tsx';
import { useAuthForm, type AuthFormState } from './use-auth-form.ts';

/**
 * WooCommerce's login form, the same on `/my-account/` and in the `Log in` dialog: with
 * JavaScript it calls `POST /admin-ajax` `action=login` (seed 000 §7); without, it posts to
 * `/my-account/`.
 */
export function LoginForm({
  nonce,
  redirect,
  idPrefix = '',
  autoFocus = false,
  initial,
  username = '',
  footer,
}: {
  nonce: string;
  /** Where to go once logged in (a path on this site). */
  redirect: string;
  idPrefix?: string;
  autoFocus?: boolean;
  /** A refused post without JavaScript: its errors, shown as the call's would be. */
  initial?: Partial<AuthFormState>;
  username?: string;
  footer?: ReactNode;
}) {
  const { errors, message, busy, onSubmit } = useAuthForm(initial);
  return (
    <form
      className="woocommerce-form login account-form"
      method="post"
      action="/my-account/"
      data-action="login"
      onSubmit={(event) => void onSubmit(event)}
      aria-busy={busy || undefined}
      noValidate
    >
      <FormMessage message={message} />
      <TextField
        field="username"
        name="username"
        label={checkoutAccountMessages.usernameOrEmail}
        autoComplete="username"
        errors={errors}
        idPrefix={idPrefix}
        autoFocus={autoFocus}
        defaultValue={username}
      />
      <PasswordField
        field="password"
        name="password"
        label={checkoutAccountMessages.password}
        autoComplete="current-password"
        errors={errors}
        idPrefix={idPrefix}
      />
      <input type="hidden" name={LOGIN_NONCE_FIELD} value={nonce} />
      <input type="hidden" name="redirect" value={redirect} />
      <p className="form-row">
        <button
          type="submit"
          className="button button-primary woocommerce-form-login__submit"
          name="login"
          value={checkoutAccountMessages.logIn}
          disabled={busy}
        >
          {checkoutAccountMessages.logIn}
        </button>
      </p>
      {footer}
    </form>
  );
}

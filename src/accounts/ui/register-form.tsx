import { useState, type ReactNode } from 'react';
import { accountMessages } from '../../platform/messages/accounts.ts';
import { checkoutAccountMessages } from '../../platform/messages/checkout-account.ts';
import { REGISTER_NONCE_FIELD } from '../nonces.ts';
import { FormMessage, PasswordField, TextField } from './auth-fields.tsx';
import { PasswordStrengthMeter, prepareStrengthMeter } from './password-strength-meter.tsx';
import { RegisterFormExtras } from './register-form-extras.tsx';
import { useAuthForm, type AuthFormState } from './use-auth-form.ts';

/**
 * WooCommerce's registration form (email and password), the same on `/my-account/` and in the
 * `Register` dialog, with the password's strength shown as it is typed. The answer is a message
 * to check the inbox, whatever the address (no account enumeration).
 */
export function RegisterForm({
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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const meterId = `${idPrefix}reg_password_strength`;
  return (
    <form
      className="woocommerce-form woocommerce-form-register register account-form"
      method="post"
      action="/my-account/"
      data-action="register"
      onSubmit={(event) => {
        void onSubmit(event);
      }}
      onReset={() => {
        setEmail('');
        setPassword('');
      }}
      onFocus={(event) => {
        if ((event.target as EventTarget as HTMLInputElement).name === 'password')
          prepareStrengthMeter();
      }}
      onInput={(event) => {
        const target = event.target as HTMLInputElement;
        if (target.name === 'email') setEmail(target.value);
      }}
      aria-busy={busy || undefined}
      noValidate
    >
      <FormMessage message={message} />
      <TextField
        field="reg_email"
        name="email"
        type="email"
        label={accountMessages.emailAddress}
        autoComplete="email"
        errors={errors}
        idPrefix={idPrefix}
        autoFocus={autoFocus}
      />
      <PasswordField
        field="reg_password"
        name="password"
        label={checkoutAccountMessages.password}
        autoComplete="new-password"
        errors={errors}
        idPrefix={idPrefix}
        hints={[meterId]}
        onValueChange={setPassword}
      >
        <PasswordStrengthMeter id={meterId} password={password} email={email} />
      </PasswordField>
      <p className="woocommerce-privacy-policy-text">{accountMessages.registerPrivacy}</p>
      <RegisterFormExtras />
      <input type="hidden" name={REGISTER_NONCE_FIELD} value={nonce} />
      <p className="form-row">
        <button
          type="submit"
          className="button button-primary woocommerce-form-register__submit"
          name="register"
          value={accountMessages.register}
          disabled={busy}
        >
          {accountMessages.register}
        </button>
      </p>
      {footer}
    </form>
  );
}

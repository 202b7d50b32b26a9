import { PasswordInput } from '../../accounts/ui/password-input.tsx';
import { ACCOUNT_PASSWORD_MIN_LENGTH } from '../../platform/constants/index.ts';
import { format, messages } from '../../platform/messages/index.ts';
import type { FieldError } from '../../platform/address/address.ts';
import { RequiredMark } from '../../ui/required-mark.tsx';

/**
 * The checkout's account fields (seed 001 §2, §6): the `Create an account?` checkbox with its
 * password field, or the password field alone when the shop has no guest checkout. The field
 * shows while the box is ticked through CSS (`:has`), so it works before and without JavaScript.
 */
export function CreateAccountFields({
  mode,
  checked,
  errors,
}: {
  mode: 'optional' | 'required';
  checked: boolean;
  errors: readonly FieldError[];
}) {
  const error = errors.find((e) => e.field === 'account_password');
  return (
    <div className="woocommerce-account-fields">
      {mode === 'optional' && (
        <p className="form-row form-row-wide create-account">
          <input
            id="createaccount"
            className="input-checkbox"
            type="checkbox"
            name="createaccount"
            value="1"
            defaultChecked={checked}
          />
          <label htmlFor="createaccount">{messages.createAccount}</label>
        </p>
      )}
      <div className="create-account account-password-fields">
        <div className="form-row form-row-wide validate-required" id="account_password_field">
          <label htmlFor="account_password">
            {messages.accountPassword} <RequiredMark />
          </label>
          <PasswordInput
            id="account_password"
            name="account_password"
            autoComplete="new-password"
            invalid={Boolean(error)}
            describedBy={`account_password_hint${error ? ' account_password_error' : ''}`}
          />
          <p id="account_password_hint" className="description">
            {format(messages.accountPasswordHint, { min: ACCOUNT_PASSWORD_MIN_LENGTH })}
          </p>
          {error && (
            <p id="account_password_error" className="field-error" role="alert">
              {error.message}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

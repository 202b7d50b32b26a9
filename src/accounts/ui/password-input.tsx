import { useEffect, useState } from 'react';
import { checkoutAccountMessages } from '../../platform/messages/checkout-account.ts';

/**
 * A password input with its show/hide toggle (seed 000 §2; CONTRACT §5 `Show password` /
 * `Hide password`). The toggle needs JavaScript, so it appears once the page is hydrated.
 */
export function PasswordInput({
  id,
  name,
  autoComplete,
  invalid = false,
  describedBy,
  required = false,
  autoFocus = false,
  onValueChange,
  field,
}: {
  id: string;
  /** The id the server's answers name this field by, when it differs from `id`. */
  field?: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  invalid?: boolean;
  describedBy?: string | undefined;
  required?: boolean;
  autoFocus?: boolean;
  /** Hears each change of the typed password (a strength meter). */
  onValueChange?: (value: string) => void;
}) {
  const [hydrated, setHydrated] = useState(false);
  const [shown, setShown] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <span className="password-input">
      <input
        id={id}
        name={name}
        type={shown ? 'text' : 'password'}
        className="input-text"
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        required={required}
        autoFocus={autoFocus}
        data-field={field ?? id}
        onChange={onValueChange && ((event) => onValueChange(event.target.value))}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      />
      {hydrated && (
        <button
          type="button"
          className="show-password-input"
          aria-label={
            shown ? checkoutAccountMessages.hidePassword : checkoutAccountMessages.showPassword
          }
          aria-controls={id}
          onClick={() => setShown(!shown)}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z"
            />
            <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
            {shown && <path stroke="currentColor" strokeWidth="2" d="M3 3l18 18" />}
          </svg>
        </button>
      )}
    </span>
  );
}

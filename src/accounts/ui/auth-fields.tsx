import type { ReactNode } from 'react';
import { RequiredMark } from '../../ui/required-mark.tsx';
import { PasswordInput } from './password-input.tsx';
import type { AuthFormState } from './use-auth-form.ts';

/**
 * One row of an account form: label, input, and the server's error beneath it (seed 000 §5,
 * §8). `field` is the id the answers name the field by (WooCommerce's: `username`,
 * `reg_email`, ...); on a page that holds the same form twice (a page and a dialog), `idPrefix`
 * keeps the element ids apart.
 */
interface FieldProps {
  field: string;
  name: string;
  label: string;
  errors: Record<string, string>;
  idPrefix?: string;
  required?: boolean;
  autoFocus?: boolean;
  /** Ids of hints the input is described by besides its error. */
  hints?: string[];
  children?: ReactNode;
}

function ids(field: string, idPrefix: string, errors: Record<string, string>, hints: string[]) {
  const id = `${idPrefix}${field}`;
  const described = [...hints, ...(errors[field] ? [`${id}_error`] : [])].join(' ');
  return { id, described: described || undefined };
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  if (!text) return null;
  return (
    <p id={`${id}_error`} className="field-error" role="alert">
      {text}
    </p>
  );
}

export function TextField({
  field,
  name,
  label,
  errors,
  idPrefix = '',
  required = true,
  autoFocus = false,
  hints = [],
  type = 'text',
  autoComplete,
  defaultValue,
  children,
}: FieldProps & { type?: 'text' | 'email'; autoComplete: string; defaultValue?: string }) {
  const { id, described } = ids(field, idPrefix, errors, hints);
  return (
    <p className="form-row form-row-wide">
      <label htmlFor={id}>
        {label} {required && <RequiredMark />}
      </label>
      <input
        id={id}
        name={name}
        data-field={field}
        type={type}
        className="input-text"
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        required={required}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={described}
      />
      <FieldError id={id} text={errors[field]} />
      {children}
    </p>
  );
}

export function PasswordField({
  field,
  name,
  label,
  errors,
  idPrefix = '',
  required = true,
  autoFocus = false,
  hints = [],
  autoComplete,
  onValueChange,
  children,
}: FieldProps & {
  autoComplete: 'current-password' | 'new-password';
  onValueChange?: (value: string) => void;
}) {
  const { id, described } = ids(field, idPrefix, errors, hints);
  return (
    <div className="form-row form-row-wide" data-password-field={field}>
      <label htmlFor={id}>
        {label} {required && <RequiredMark />}
      </label>
      <PasswordInput
        id={id}
        name={name}
        field={field}
        autoComplete={autoComplete}
        required={required}
        autoFocus={autoFocus}
        invalid={Boolean(errors[field])}
        describedBy={described}
        {...(onValueChange && { onValueChange })}
      />
      <FieldError id={id} text={errors[field]} />
      {children}
    </div>
  );
}

/** Seed 000 §8: a success message is prepended to the form; so is an error no field owns. */
export function FormMessage({ message }: { message: AuthFormState['message'] }) {
  if (!message) return null;
  return (
    <p
      className={`notice ${message.type === 'success' ? 'notice-success' : 'notice-error'} form-message`}
      role="alert"
    >
      {message.text}
    </p>
  );
}

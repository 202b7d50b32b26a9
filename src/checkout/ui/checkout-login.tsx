import { useState } from 'react';
import { LOGIN_NONCE_FIELD } from '../../accounts/nonces.ts';
import { PasswordInput } from '../../accounts/ui/password-input.tsx';
import { CHECKOUT_SLIDE_MS } from '../../platform/constants/index.ts';
import { postForm } from '../../platform/http/client.ts';
import { messages } from '../../platform/messages/index.ts';
import { RequiredMark } from '../../ui/required-mark.tsx';

/** Seed 000 §3: the auth forms' answer. */
interface AuthAnswer {
  status?: 'success' | 'error';
  errors?: Record<string, string>;
  message?: string;
  redirect?: string;
}

const FIELDS = ['username', 'password'] as const;

/**
 * The checkout's "Returning customer?" notice and its login form (seed 001 §2). The link opens
 * the form; hydrated, it is a disclosure button and the form logs in through `POST /admin-ajax`
 * `action=login` with the serialized form (seed 000 §7), then goes where the answer says.
 * Without JavaScript the link reloads the page with `?login=1` and the form posts to the
 * checkout page itself.
 */
export function CheckoutLogin({
  nonce,
  hydrated,
  initiallyOpen,
  username = '',
  errors: initialErrors = {},
}: {
  nonce: string;
  hydrated: boolean;
  initiallyOpen: boolean;
  username?: string;
  errors?: Record<string, string>;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  const [errors, setErrors] = useState<Record<string, string>>(initialErrors);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const serialized = new URLSearchParams(
      [...new FormData(form).entries()].filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    ).toString();
    setBusy(true);
    const answer = await postForm<AuthAnswer>('/admin-ajax', {
      action: 'login',
      data: serialized,
    }).catch(() => null);
    const data = answer?.data ?? null;
    if (data?.status === 'success') {
      if (data.message) {
        setMessage(data.message);
        form.reset();
      }
      // Stays busy while the browser goes to the logged-in page.
      if (data.redirect) return window.location.assign(data.redirect);
      setBusy(false);
      return;
    }
    setBusy(false);
    const fieldErrors = Object.fromEntries(
      Object.entries(data?.errors ?? {}).filter(([, text]) => text !== ''),
    );
    setErrors(fieldErrors);
    const first = FIELDS.find((field) => fieldErrors[field]);
    setMessage(first ? null : (data?.message ?? messages.checkoutGenericError));
    if (first) form.querySelector<HTMLInputElement>(`#${first}`)?.focus();
  }

  const described = (field: string) => (errors[field] ? `${field}_error` : undefined);
  const fieldError = (field: string) =>
    errors[field] ? (
      <p id={`${field}_error`} className="field-error" role="alert">
        {errors[field]}
      </p>
    ) : null;

  return (
    <>
      <div className="woocommerce-form-login-toggle">
        <p className="woocommerce-info">
          {messages.returningCustomer}{' '}
          {hydrated ? (
            <button
              type="button"
              className="link-button showlogin"
              aria-expanded={open}
              aria-controls="checkout_login"
              onClick={() => setOpen(!open)}
            >
              {messages.clickHereToLogin}
            </button>
          ) : (
            <a className="showlogin" href="/checkout/?login=1#checkout_login">
              {messages.clickHereToLogin}
            </a>
          )}
        </p>
      </div>
      <form
        id="checkout_login"
        className="woocommerce-form woocommerce-form-login login"
        method="post"
        action="/checkout/"
        hidden={!open}
        noValidate={hydrated}
        onSubmit={hydrated ? (event) => void submit(event) : undefined}
        aria-busy={busy || undefined}
        aria-label={messages.logIn}
        style={{ animationDuration: `${CHECKOUT_SLIDE_MS}ms` }}
      >
        {message && (
          <p className="woocommerce-message login-message" role="alert">
            {message}
          </p>
        )}
        <p>{messages.checkoutLoginIntro}</p>
        <div className="form-grid">
          <div className="form-row form-row-first">
            <label htmlFor="username">
              {messages.usernameOrEmail} <RequiredMark />
            </label>
            <input
              id="username"
              name="username"
              type="text"
              className="input-text"
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              required
              defaultValue={username}
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={described('username')}
            />
            {fieldError('username')}
          </div>
          <div className="form-row form-row-last">
            <label htmlFor="password">
              {messages.password} <RequiredMark />
            </label>
            <PasswordInput
              id="password"
              name="password"
              autoComplete="current-password"
              required
              invalid={Boolean(errors.password)}
              describedBy={described('password')}
            />
            {fieldError('password')}
          </div>
        </div>
        <input type="hidden" name={LOGIN_NONCE_FIELD} value={nonce} />
        <input type="hidden" name="redirect" value="/checkout/" />
        <p className="form-row">
          <button
            type="submit"
            className="button woocommerce-form-login__submit"
            name="login"
            value={messages.logIn}
            disabled={busy}
          >
            {messages.logIn}
          </button>
        </p>
      </form>
    </>
  );
}

import { randomBytes } from 'node:crypto';
import { format, messages } from '../platform/messages/index.ts';
import { normalizeEmail, type Customer } from './account.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';

export interface LoginInput {
  /** WooCommerce's `username` field: here always the account's email address. */
  username: string;
  password: string;
  /** The client's address, for the per-IP limit. */
  ip: string;
}

export type LoginResult =
  | { ok: true; customer: Customer }
  | {
      ok: false;
      status: 400 | 401 | 429;
      code: 'missing_credentials' | 'invalid_credentials' | 'too_many_attempts';
      message: string;
      /** Seed 000 §3: field id -> message, shown beneath that field. */
      errors: Record<string, string>;
      retryAfterMs?: number;
    };

export interface LoginDeps {
  findByEmail(email: string): Promise<Customer | undefined>;
  throttle: LoginThrottle;
}

let dummyHash: Promise<string> | undefined;

/** A hash no password matches, checked when the email is unknown so both cases take as long. */
function unknownAccountHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64'));
  return dummyHash;
}

/**
 * Checks an email and password. A wrong password and an unknown email get the same answer in
 * the same time (no account enumeration); attempts are counted per IP and per email first.
 */
export async function authenticate(deps: LoginDeps, input: LoginInput): Promise<LoginResult> {
  const errors: Record<string, string> = {};
  if (input.username.trim() === '') errors.username = messages.usernameRequired;
  if (input.password === '') errors.password = messages.passwordRequired;
  if (Object.keys(errors).length > 0) {
    return {
      ok: false,
      status: 400,
      code: 'missing_credentials',
      message: Object.values(errors).join(' '),
      errors,
    };
  }
  const email = normalizeEmail(input.username);
  const verdict = await deps.throttle.attempt(input.ip, email);
  if (!verdict.allowed) {
    const message = format(messages.loginThrottled, {
      minutes: Math.max(1, Math.ceil(verdict.retryAfterMs / 60_000)),
    });
    return {
      ok: false,
      status: 429,
      code: 'too_many_attempts',
      message,
      errors: { username: message },
      retryAfterMs: verdict.retryAfterMs,
    };
  }
  const customer = await deps.findByEmail(email);
  const matches = await verifyPassword(
    input.password,
    customer?.passwordHash ?? (await unknownAccountHash()),
  );
  if (!customer || !matches) {
    return {
      ok: false,
      status: 401,
      code: 'invalid_credentials',
      message: messages.loginFailed,
      errors: { password: messages.loginFailed },
    };
  }
  await deps.throttle.succeeded(input.ip, email);
  return { ok: true, customer };
}

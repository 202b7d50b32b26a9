import { z } from 'zod';

/**
 * The accounts forms' fields, under WooCommerce's names (the same whether they arrive in an
 * admin-ajax call's serialized form or as a plain page post). Missing fields read as empty; a
 * field too long for any honest form is a 400.
 */
const text = (max: number) => z.string().max(max).default('');
const email = text(320);
const password = text(1024);

export const loginForm = z.object({
  username: email,
  password,
  redirect: text(2000),
});
export type LoginForm = z.infer<typeof loginForm>;

export const registerForm = z.object({
  email,
  password,
  redirect: text(2000),
});
export type RegisterForm = z.infer<typeof registerForm>;

export const lostPasswordForm = z.object({ user_login: email });
export type LostPasswordForm = z.infer<typeof lostPasswordForm>;

export const resetPasswordForm = z.object({ password_1: password, password_2: password });
export type ResetPasswordForm = z.infer<typeof resetPasswordForm>;

export const confirmEmailForm = z.object({ key: text(100) });

export const accountDetailsForm = z.object({
  account_first_name: text(200),
  account_last_name: text(200),
  account_display_name: text(200),
  account_email: email,
  password_current: password,
  password_1: password,
  password_2: password,
});
export type AccountDetailsForm = z.infer<typeof accountDetailsForm>;

/** The admin-ajax auth calls' body: the action, the serialized form in `data`, and the nonce. */
export const authCallBody = z.record(z.string().max(100), z.string().max(20_000));

/**
 * Seed 000 §7: an auth form posts its `action` and a field holding the serialized form (`data`).
 * Fields sent on their own, beside `action`, are read too.
 */
export function authFormFields(body: Record<string, string>): Record<string, string> {
  const { data, ...fields } = body;
  return data === undefined
    ? fields
    : { ...fields, ...Object.fromEntries(new URLSearchParams(data)) };
}

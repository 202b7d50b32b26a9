import { ShopError } from '../platform/errors/shop-error.ts';
import { messages } from '../platform/messages/index.ts';
import type { AccountRefusal } from './operations.ts';

/** Seed 000 §3: the auth forms' answer. */
export interface AuthAnswer {
  status: 'success' | 'error';
  /** Field id -> message, shown beneath that field. */
  errors: Record<string, string>;
  /** Prepended to the form, which is then reset. */
  message: string;
  /** Where the browser goes next ('' to stay). */
  redirect: string;
}

export function authSuccess(message: string, redirect = ''): AuthAnswer {
  return { status: 'success', errors: {}, message, redirect };
}

/** The HTTP status a refusal is answered with, by every door. */
export const httpStatus: Record<AccountRefusal['kind'], number> = {
  invalid: 400,
  refused: 401,
  rate_limited: 429,
  expired_link: 400,
};

/** A refusal as the auth answer (status `error`), thrown with its code and HTTP status. */
export function authError(
  code: string,
  message: string,
  status: number,
  errors: Record<string, string> = {},
): ShopError {
  return new ShopError(code, message, status, { status: 'error', errors, message, redirect: '' });
}

export function authRefusal(refusal: AccountRefusal): ShopError {
  return authError(refusal.code, refusal.message, httpStatus[refusal.kind], refusal.errors);
}

/** Seconds to wait before trying again, for `Retry-After`. */
export function retryAfterSeconds(refusal: AccountRefusal): number | null {
  return refusal.retryAfterMs === undefined
    ? null
    : Math.max(1, Math.ceil(refusal.retryAfterMs / 1000));
}

export const invalidNonce = () => authError('invalid_nonce', messages.invalidNonce, 403);
export const offSiteRedirect = () =>
  authError('invalid_redirect', messages.redirectRefused, 400, {
    redirect: messages.redirectRefused,
  });

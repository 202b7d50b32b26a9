import { z } from 'zod';
import { ajaxCall, requestNonce, type AjaxCalls } from '../platform/http/ajax.ts';
import { readSession } from '../platform/http/request-session.ts';
import { parseInput } from '../platform/http/validation.ts';
import { ShopError } from '../platform/errors/shop-error.ts';
import { messages } from '../platform/messages/index.ts';
import { verifyNonce } from '../platform/nonce/nonce.ts';
import type { Shop } from '../shop.ts';
import { safeRedirect } from './account.ts';
import { LOGIN_NONCE, LOGIN_NONCE_FIELD } from './nonces.ts';
import { setSessionCookie } from './session-cookie.ts';

/** The login form's fields (WooCommerce's names), after the serialized form is unpacked. */
export const loginFormSchema = z.object({
  username: z.string().max(320).default(''),
  password: z.string().max(1024).default(''),
  redirect: z.string().max(2000).default(''),
});

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

/** A refusal in the seed's auth answer shape (status, errors, message, redirect) with its code. */
function refusal(
  code: string,
  message: string,
  httpStatus: number,
  errors: Record<string, string> = {},
): ShopError {
  return new ShopError(code, message, httpStatus, { status: 'error', errors, redirect: '' });
}

/** `POST /admin-ajax` auth actions (CONTRACT §2). */
export function accountAjaxCalls(shop: Shop): AjaxCalls {
  return new Map([
    [
      'login',
      ajaxCall({
        // Cross-site posts are refused first: a visitor without a session has a nonce anyone
        // can read, so the nonce alone would not stop another site logging them in.
        guard: { kind: 'same-origin' },
        schema: z.record(z.string().max(100), z.string().max(20_000)),
        async handle(body, request, reply) {
          const fields = authFormFields(body);
          const session = await readSession(request, shop.sessionDeps);
          const nonce = fields[LOGIN_NONCE_FIELD] ?? requestNonce(request);
          if (!verifyNonce(shop.secret, nonce, LOGIN_NONCE, session?.id ?? ''))
            throw refusal('invalid_nonce', messages.invalidNonce, 403);
          const form = parseInput(loginFormSchema, fields);
          const outcome = await shop.accounts.logInSession(session?.id, {
            username: form.username,
            password: form.password,
            ip: request.ip,
          });
          if (!outcome.ok) {
            if (outcome.retryAfterMs !== undefined)
              reply.header('retry-after', Math.ceil(outcome.retryAfterMs / 1000));
            throw refusal(outcome.code, outcome.message, outcome.status, outcome.errors);
          }
          setSessionCookie(request, reply, shop.secret, outcome.session);
          return {
            status: 'success',
            errors: {},
            message: '',
            redirect: safeRedirect(form.redirect, '/'),
          };
        },
      }),
    ],
  ]);
}

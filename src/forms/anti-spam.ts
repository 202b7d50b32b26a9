import { createHmac, timingSafeEqual } from 'node:crypto';
import { FORM_CLOCK_SKEW_S } from '../platform/constants/index.ts';
import type { FormDefinition } from './definition.ts';

/**
 * The server's anti-spam gates, beside the rule engine (issue 12): the honeypot, the least time
 * between the form's start and end timestamps, and the form token.
 *
 * The token (`wpforms_get_token`) is `{issued}.{hmac}`: the HMAC of the form id and the second it
 * was issued, under the shop's secret. It is good for that form only, from its issue for
 * `token_cache_lifetime` seconds (WPForms' tokens stay valid for years; ours do not), so a page
 * kept in a cache for days refreshes it before it submits.
 */
export function formToken(secret: string, formId: string, nowS: number): string {
  return `${nowS}.${tokenMac(secret, formId, nowS)}`;
}

export function isTokenValid(
  secret: string,
  form: FormDefinition,
  token: string | undefined,
  nowS: number,
): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match) return false;
  const issued = Number(match[1]);
  const age = nowS - issued;
  if (age < -FORM_CLOCK_SKEW_S || age > form.settings.token_cache_lifetime) return false;
  const expected = Buffer.from(tokenMac(secret, form.id, issued));
  const given = Buffer.from(match[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function tokenMac(secret: string, formId: string, issuedS: number): string {
  return createHmac('sha256', secret)
    .update(`wpforms_token|${formId}|${issuedS}`)
    .digest('base64url');
}

/** The honeypot field holds something: only a robot fills an input people cannot see. */
export function isHoneypotFilled(value: string | undefined): boolean {
  return (value ?? '').trim() !== '';
}

/** A Unix time in whole seconds from a posted field, or undefined. */
export function timestampOf(text: string | undefined): number | undefined {
  return text !== undefined && /^\d{1,12}$/.test(text) ? Number(text) : undefined;
}

/**
 * Whether the form took at least the form's `minimum_seconds` from start to end. A missing end
 * (a post without JavaScript) is the moment the server received it; a missing start, or one in the
 * future, fails.
 */
export function tookLongEnough(
  form: FormDefinition,
  startS: number | undefined,
  endS: number | undefined,
  nowS: number,
): boolean {
  const minimum = form.settings.minimum_seconds;
  if (minimum === 0) return true;
  if (startS === undefined || startS > nowS + FORM_CLOCK_SKEW_S) return false;
  const end = Math.min(endS ?? nowS, nowS + FORM_CLOCK_SKEW_S);
  return end - startS >= minimum;
}

import { VISITOR_COOKIE_DAYS, VISITOR_COOKIE_NAME } from '../../platform/constants/index.ts';
import type { ShopConsent } from '../../platform/consent/browser-consent.ts';

/**
 * Seed 002 §9's visitor identifier `_wpfuuid`: a random version-4 UUID kept 3999 days,
 * SameSite=Strict, Secure on HTTPS. It is set only with consent, or, where the page has no
 * consent API, when the form's `uuid_cookie` setting allows it.
 *
 * The consent category is `statistics`: the id ties a visitor's submissions together for the
 * shop owner's reports, which is what the statistics category covers (it is not needed to submit).
 */
export const VISITOR_CONSENT_CATEGORY = 'statistics';

export function mayKeepVisitorCookie(
  consent: Pick<ShopConsent, 'granted'> | undefined,
  uuidCookie: boolean,
): boolean {
  return consent ? consent.granted(VISITOR_CONSENT_CATEGORY) : uuidCookie;
}

export function visitorCookieText(id: string, secure: boolean): string {
  const maxAge = VISITOR_COOKIE_DAYS * 24 * 60 * 60;
  return `${VISITOR_COOKIE_NAME}=${id}; Path=/; Max-Age=${maxAge}; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function readVisitorCookie(cookies: string): string | undefined {
  const match = new RegExp(`(?:^|;\\s*)${VISITOR_COOKIE_NAME}=([0-9a-f-]{36})(?:;|$)`, 'i').exec(
    cookies,
  );
  return match?.[1];
}

/**
 * The visitor's id: the cookie's when there is one, else a new one stored when allowed.
 * Undefined when no cookie may be kept (nothing is sent then).
 */
export function visitorId(
  doc: { cookie: string },
  options: {
    consent: Pick<ShopConsent, 'granted'> | undefined;
    uuidCookie: boolean;
    secure: boolean;
  },
  randomId: () => string = randomUuid,
): string | undefined {
  if (!mayKeepVisitorCookie(options.consent, options.uuidCookie)) return undefined;
  const known = readVisitorCookie(doc.cookie);
  if (known) return known;
  const id = randomId();
  doc.cookie = visitorCookieText(id, options.secure);
  return id;
}

/** A random version-4 UUID (crypto.randomUUID needs a secure page; getRandomValues does not). */
export function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

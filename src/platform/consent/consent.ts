/**
 * Cookie consent: which non-essential cookies the visitor allows. The choice lives in one cookie
 * the server can read too (a page renders the banner only while no choice is stored); the browser
 * side is a tiny API every part of the shop asks before it sets a non-essential cookie (order
 * attribution, the forms' visitor id), also published as `window.shopConsent` for scripts that
 * are not bundled with the shop's pages (the forms' embed reads it when it runs on the shop).
 */
export const CONSENT_COOKIE = 'shop_consent';
/** Ours: how long a consent choice is kept before the visitor is asked again (about 6 months). */
export const CONSENT_MAX_AGE_SECONDS = 182 * 24 * 60 * 60;
/** Fired on `window` whenever the choice changes; `detail` is the new choice. */
export const CONSENT_CHANGE_EVENT = 'shop:consent-change';

export const optionalConsentCategories = ['preferences', 'statistics', 'marketing'] as const;
export type OptionalConsentCategory = (typeof optionalConsentCategories)[number];
/** `necessary` is always granted: the shop cannot work without its session and cart cookies. */
export type ConsentCategory = 'necessary' | OptionalConsentCategory;

export type ConsentChoice = Record<OptionalConsentCategory, boolean>;

export const rejectAll: ConsentChoice = { preferences: false, statistics: false, marketing: false };
export const acceptAll: ConsentChoice = { preferences: true, statistics: true, marketing: true };

/** The cookie's value: the granted optional categories, comma-separated (`-` for none). */
export function serializeConsent(choice: ConsentChoice): string {
  const granted = optionalConsentCategories.filter((category) => choice[category]);
  return granted.length > 0 ? granted.join(',') : '-';
}

/** A stored choice, or undefined when the visitor has not chosen (or the value is not ours). */
export function parseConsent(value: string | undefined): ConsentChoice | undefined {
  if (value === undefined) return undefined;
  const decoded = safeDecode(value);
  if (decoded === '-') return { ...rejectAll };
  const names = decoded.split(',');
  if (!names.every((name) => (optionalConsentCategories as readonly string[]).includes(name))) {
    return undefined;
  }
  const choice = { ...rejectAll };
  for (const name of names) choice[name as OptionalConsentCategory] = true;
  return choice;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Whether a category is granted by a choice (no choice yet: only `necessary`). */
export function isGranted(choice: ConsentChoice | undefined, category: ConsentCategory): boolean {
  if (category === 'necessary') return true;
  return choice?.[category] ?? false;
}

/** The value of one cookie in a `Cookie` header or `document.cookie`. */
export function cookieValue(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The `Set-Cookie`/`document.cookie` text that stores a choice. */
export function consentCookieText(choice: ConsentChoice, secure: boolean): string {
  const attributes = [`Path=/`, `Max-Age=${CONSENT_MAX_AGE_SECONDS}`, 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(choice))}; ${attributes.join('; ')}`;
}

/** Where the banner's form posts without JavaScript, and the banner's id (the footer link's `#`). */
export const CONSENT_FORM_PATH = '/cookie-consent/';
export const CONSENT_BANNER_ID = 'cookie-consent';

/** What the banner's form says: accept all, reject all, or the ticked categories. */
export type ConsentAnswer =
  { consent: 'all' | 'none' } | { consent: 'choose'; granted: readonly OptionalConsentCategory[] };

export function choiceOf(answer: ConsentAnswer): ConsentChoice {
  if (answer.consent !== 'choose') return { ...(answer.consent === 'all' ? acceptAll : rejectAll) };
  const choice = { ...rejectAll };
  for (const category of answer.granted) choice[category] = true;
  return choice;
}

/** Whether a `Cookie` header carries a choice (of any kind): the page cache keeps pages apart by it. */
export function hasConsentChoice(cookieHeader: string | undefined): boolean {
  return (
    cookieHeader !== undefined &&
    parseConsent(cookieValue(cookieHeader, CONSENT_COOKIE)) !== undefined
  );
}

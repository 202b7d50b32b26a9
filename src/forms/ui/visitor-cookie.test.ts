import { describe, expect, it } from 'vitest';
import {
  mayKeepVisitorCookie,
  randomUuid,
  visitorCookieText,
  visitorId,
} from './visitor-cookie.ts';

const granted = (yes: boolean) => ({ granted: () => yes });

describe('the visitor cookie _wpfuuid (seed 002 §9)', () => {
  it('is kept with consent, or with uuid_cookie where no consent API is present', () => {
    expect(mayKeepVisitorCookie(granted(true), false)).toBe(true);
    expect(mayKeepVisitorCookie(granted(false), true)).toBe(false);
    expect(mayKeepVisitorCookie(undefined, true)).toBe(true);
    expect(mayKeepVisitorCookie(undefined, false)).toBe(false);
  });

  it('lasts 3999 days, strict same-site, secure on SSL', () => {
    expect(visitorCookieText('x', true)).toBe(
      `_wpfuuid=x; Path=/; Max-Age=${3999 * 86400}; SameSite=Strict; Secure`,
    );
    expect(visitorCookieText('x', false)).not.toContain('Secure');
  });

  it('holds a random 36-character version-4 identifier, made once', () => {
    const id = randomUuid();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(randomUuid()).not.toBe(id);
    const doc = { cookie: '' };
    const options = { consent: granted(true), uuidCookie: false, secure: false };
    const made = visitorId(doc, options);
    doc.cookie = `other=1; _wpfuuid=${made}`;
    expect(visitorId(doc, options)).toBe(made);
    expect(visitorId({ cookie: '' }, { ...options, consent: granted(false) })).toBeUndefined();
  });
});

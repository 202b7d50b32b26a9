import { describe, expect, it } from 'vitest';
import {
  acceptAll,
  choiceOf,
  hasConsentChoice,
  consentCookieText,
  cookieValue,
  isGranted,
  parseConsent,
  rejectAll,
  serializeConsent,
} from './consent.ts';

describe('consent cookie', () => {
  it('round-trips every combination of optional categories', () => {
    for (let bits = 0; bits < 8; bits++) {
      const choice = {
        preferences: !!(bits & 1),
        statistics: !!(bits & 2),
        marketing: !!(bits & 4),
      };
      expect(parseConsent(serializeConsent(choice))).toEqual(choice);
    }
  });

  it('reads no choice from a missing or foreign value', () => {
    expect(parseConsent(undefined)).toBeUndefined();
    expect(parseConsent('')).toBeUndefined();
    expect(parseConsent('statistics,tracking')).toBeUndefined();
  });

  it('grants necessary always and nothing optional before a choice', () => {
    expect(isGranted(undefined, 'necessary')).toBe(true);
    expect(isGranted(undefined, 'statistics')).toBe(false);
    expect(isGranted(rejectAll, 'necessary')).toBe(true);
    expect(isGranted(rejectAll, 'marketing')).toBe(false);
    expect(isGranted(acceptAll, 'marketing')).toBe(true);
  });

  it('finds its cookie among others and writes it for the whole site', () => {
    const text = consentCookieText({ ...rejectAll, statistics: true }, true);
    expect(text).toMatch(/^shop_consent=statistics; Path=\/; Max-Age=\d+; SameSite=Lax; Secure$/);
    expect(cookieValue('a=1; shop_consent=statistics%2Cmarketing; b=2', 'shop_consent')).toBe(
      'statistics%2Cmarketing',
    );
    expect(parseConsent('statistics%2Cmarketing')).toEqual({
      preferences: false,
      statistics: true,
      marketing: true,
    });
  });

  it('reads the banner’s answer: all, none, or the ticked categories', () => {
    expect(choiceOf({ consent: 'all' })).toEqual(acceptAll);
    expect(choiceOf({ consent: 'none' })).toEqual(rejectAll);
    expect(choiceOf({ consent: 'choose', granted: ['statistics'] })).toEqual({
      ...rejectAll,
      statistics: true,
    });
  });

  it('tells whether a Cookie header carries a choice, of any kind', () => {
    expect(hasConsentChoice(undefined)).toBe(false);
    expect(hasConsentChoice('session=abc')).toBe(false);
    expect(hasConsentChoice('shop_consent=tracking')).toBe(false);
    expect(hasConsentChoice('session=abc; shop_consent=-')).toBe(true);
    expect(hasConsentChoice('shop_consent=statistics%2Cmarketing')).toBe(true);
  });
});

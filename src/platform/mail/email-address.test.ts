import { describe, expect, it } from 'vitest';
import { isEmailAddress } from './email-address.ts';

describe('the e-mail address rule', () => {
  it('takes ordinary addresses', () => {
    expect(isEmailAddress('customer@example.com')).toBe(true);
    expect(isEmailAddress('first.last+tag@mail.example.co.uk')).toBe(true);
    expect(isEmailAddress('ü@bücher.de')).toBe(true);
  });

  it('refuses what is not one address', () => {
    for (const value of ['', 'plain', 'a@b', '@example.com', 'a@@example.com', 'a@ex..com']) {
      expect(isEmailAddress(value), value).toBe(false);
    }
    expect(isEmailAddress('two words@example.com')).toBe(false);
    expect(isEmailAddress('a@b.c')).toBe(false);
  });

  it('holds the lengths: 254 overall, 63 for the local part and each label', () => {
    const domain = `${'d'.repeat(63)}.com`;
    expect(isEmailAddress(`${'l'.repeat(63)}@${domain}`)).toBe(true);
    expect(isEmailAddress(`${'l'.repeat(64)}@${domain}`)).toBe(false);
    expect(isEmailAddress(`a@${'d'.repeat(64)}.com`)).toBe(false);
    const long = `a@${Array.from({ length: 60 }, () => 'abcd').join('.')}.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(isEmailAddress(long)).toBe(false);
  });

  it("takes a one-label domain only for the shop's own sender", () => {
    expect(isEmailAddress('shop@localhost')).toBe(false);
    expect(isEmailAddress('shop@localhost', { localDomain: true })).toBe(true);
  });
});

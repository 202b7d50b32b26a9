import { describe, expect, it } from 'vitest';
import {
  characterCount,
  formatTime,
  isCreditCardNumber,
  isEmail,
  isEmailAllowed,
  isMaskComplete,
  isNumber,
  isOnStep,
  isPhoneNumber,
  isTimeWithin,
  isUrl,
  parseDate,
  parseTime12h,
  parseTime24h,
  wordCount,
} from './field-rules.ts';
import { withScheme } from '../wire.ts';

const local63 = 'a'.repeat(63);
const label63 = 'b'.repeat(63);

describe('the e-mail rule (seed 002 §5)', () => {
  it.each([
    ['ada@example.com', true],
    ['a@b.co', true],
    ['a@b.c', false], // 5 characters: under 6
    [`${local63}@example.com`, true],
    [`${local63}a@example.com`, false], // local part of 64
    [`ada@${label63}.com`, true],
    [`ada@${label63}b.com`, false], // a label of 64
    [`${'a'.repeat(60)}@${[label63, label63, 'c'.repeat(60)].join('.')}.com`, true], // 253
    [`${'a'.repeat(61)}@${[label63, label63, 'c'.repeat(60)].join('.')}.com`, true], // 254
    [`${'a'.repeat(62)}@${[label63, label63, 'c'.repeat(60)].join('.')}.com`, false], // 255
    ['ada@localhost', false], // one label
    ['ada@@example.com', false],
    ['ada@exa@mple.com', false],
    ['@example.com', false],
    ['ada@example..com', false],
    ['ada@.example.com', false],
    ['ada lovelace@example.com', false],
    ['ada@bücher.de', true],
    ['ada@xn--bcher-kva.de', true],
  ])('%s -> %s', (email, valid) => {
    expect(isEmail(email)).toBe(valid);
  });
});

describe('restricted e-mail', () => {
  const deny = {
    filter_type: 'denylist' as const,
    allowlist: [],
    denylist: ['*@spam.test', 'boss@*'],
  };
  const allow = { filter_type: 'allowlist' as const, allowlist: ['*@example.com'], denylist: [] };
  it.each([
    [deny, 'a@spam.test', false],
    [deny, 'A@SPAM.TEST', false],
    [deny, 'boss@anything.org', false],
    [deny, 'a@example.com', true],
    [allow, 'a@example.com', true],
    [allow, 'a@example.com.evil', false],
    [allow, 'a@other.com', false],
    [{ filter_type: 'none' as const, allowlist: [], denylist: [] }, 'x@y.zz', true],
  ])('%o %s -> %s', (filter, email, allowed) => {
    expect(isEmailAllowed(email, filter)).toBe(allowed);
  });
});

describe('URLs get https:// when they have no scheme, then must be web addresses', () => {
  it.each([
    ['example.com', 'https://example.com', true],
    ['www.example.com/a?b=c', 'https://www.example.com/a?b=c', true],
    ['http://example.com', 'http://example.com', true],
    ['https://example.com', 'https://example.com', true],
    ['ftp://example.com', 'ftp://example.com', false],
    ['javascript:alert(1)', 'javascript:alert(1)', false],
    ['example', 'https://example', false],
    ['exa mple.com', 'https://exa mple.com', false],
  ])('%s', (typed, prefixed, valid) => {
    expect(withScheme(typed)).toBe(prefixed);
    expect(isUrl(withScheme(typed))).toBe(valid);
  });
});

describe('numbers, min, max and step', () => {
  it.each([
    ['12', true],
    ['-3.5', true],
    ['.5', true],
    ['1e3', false],
    ['0x10', false],
    ['1,5', false],
    ['', false],
    ['-', false],
  ])('%s is a number: %s', (text, valid) => expect(isNumber(text)).toBe(valid));
  it.each([
    [0.3, 0.1, 0, true],
    [0.35, 0.1, 0, false],
    [7, 2, 1, true],
    [8, 2, 1, false],
    [10, 2.5, 0, true],
  ])('%d on a step of %d from %d: %s', (value, step, base, on) => {
    expect(isOnStep(value, step, base)).toBe(on);
  });
});

describe('credit card numbers (Luhn)', () => {
  it.each([
    ['4242 4242 4242 4242', true],
    ['4242424242424241', false],
    ['4000-0025-0000-3155', true],
    ['1234', false],
    ['4242x4242x4242x4242', false],
  ])('%s -> %s', (number, valid) => expect(isCreditCardNumber(number)).toBe(valid));
});

describe('times in 12-hour and 24-hour formats, and the time limit', () => {
  it.each([
    ['8:45 AM', 8 * 60 + 45],
    ['12:00 am', 0],
    ['12:30 PM', 12 * 60 + 30],
    ['08:45pm', 20 * 60 + 45],
    ['13:00 PM', undefined],
    ['8:60 AM', undefined],
    ['8:45', undefined],
  ])('12 h %s', (text, minutes) => expect(parseTime12h(text)).toBe(minutes));
  it.each([
    ['22:45', 22 * 60 + 45],
    ['0:05', 5],
    ['24:00', undefined],
    ['8:45 AM', undefined],
  ])('24 h %s', (text, minutes) => expect(parseTime24h(text)).toBe(minutes));
  it.each([
    [600, 540, 1020, true],
    [530, 540, 1020, false],
    [1020, 540, 1020, true],
    [60, 1320, 120, true], // 01:00 within 22:00..02:00
    [720, 1320, 120, false],
  ])('%d within %d..%d: %s', (t, min, max, within) =>
    expect(isTimeWithin(t, min, max)).toBe(within),
  );
  it('shows limits in the field format', () => {
    expect(formatTime(13 * 60 + 5, 'g:i A')).toBe('1:05 PM');
    expect(formatTime(0, 'g:i A')).toBe('12:00 AM');
    expect(formatTime(9 * 60, 'H:i')).toBe('09:00');
  });
});

describe('dates', () => {
  it.each([
    ['02/29/2028', 'm/d/Y', { year: 2028, month: 2, day: 29 }],
    ['02/29/2027', 'm/d/Y', undefined],
    ['31/12/2026', 'd/m/Y', { year: 2026, month: 12, day: 31 }],
    ['31/12/2026', 'm/d/Y', undefined],
    ['2026-12-31', 'm/d/Y', undefined],
  ] as const)('%s as %s', (text, format, date) => expect(parseDate(text, format)).toEqual(date));
});

describe('input masks and phone numbers', () => {
  it.each([
    ['(555) 123-4567', '(999) 999-9999', true],
    ['(555) 123-456_', '(999) 999-9999', false],
    ['(555) 123-456', '(999) 999-9999', false],
    ['AB-12', 'aa-99', true],
    ['A1-12', 'aa-99', false],
    ['x9', '**', true],
  ])('%s in %s: %s', (value, mask, complete) => expect(isMaskComplete(value, mask)).toBe(complete));
  it.each([
    ['+44 20 7946 0958', true],
    ['(555) 123-4567', true],
    ['123', false],
    ['call me', false],
  ])('%s is a phone number: %s', (value, valid) => expect(isPhoneNumber(value)).toBe(valid));
});

describe('character and word limits count as people do', () => {
  it('counts an emoji as one character and words by spaces', () => {
    expect(characterCount('héllo 👋')).toBe(7);
    expect(wordCount('  one two\nthree  ')).toBe(3);
    expect(wordCount('   ')).toBe(0);
  });
});

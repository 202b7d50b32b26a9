import { isEmailAddress } from '../../platform/mail/email-address.ts';

/**
 * Seed 002 §5's rules, each a plain function of a value (no DOM, no I/O): the rule engine
 * (engine.ts) applies them to a form's fields in the browser and on the server alike.
 */

/** Characters as a person counts them (an emoji is one), not UTF-16 units. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

export function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/u).length;
}

/** The e-mail rule (seed 002 §5) is the shop's own, the same for every address typed. */
export const isEmail = (value: string): boolean => isEmailAddress(value);

/**
 * Restricted e-mail: a pattern is an address or `*`-wildcarded (`*@example.com`, `john*@*`),
 * matched without regard to case.
 */
export function matchesEmailPattern(email: string, pattern: string): boolean {
  const escaped = pattern
    .trim()
    .toLowerCase()
    .split('*')
    .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${escaped}$`, 'u').test(email.trim().toLowerCase());
}

export function isEmailAllowed(
  email: string,
  filter: {
    filter_type: 'none' | 'allowlist' | 'denylist';
    allowlist: string[];
    denylist: string[];
  },
): boolean {
  const listed = (list: string[]) => list.some((pattern) => matchesEmailPattern(email, pattern));
  if (filter.filter_type === 'allowlist') return listed(filter.allowlist);
  if (filter.filter_type === 'denylist') return !listed(filter.denylist);
  return true;
}

/** A web address (after `https://` was prefixed): http(s), a host with a dot, no spaces. */
export function isUrl(value: string): boolean {
  if (/\s/u.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const labels = url.hostname.split('.');
  return (
    labels.length >= 2 &&
    labels.every((label) => /^[a-z0-9-]{1,63}$/i.test(label) || /^xn--/.test(label))
  );
}

/** A decimal number as a person types it: `-12`, `3.5`, `.5`. Not `1e3`, not `0x10`. */
export function isNumber(value: string): boolean {
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(value);
}

/**
 * Whether a number lies on the step grid from `base` (the minimum, or 0), worked out in whole
 * units of the finest decimals involved so that 0.3 is a multiple of 0.1.
 */
export function isOnStep(value: number, step: number, base = 0): boolean {
  const decimals = Math.max(...[value, step, base].map(decimalPlaces));
  const scale = 10 ** Math.min(decimals, 10);
  const offset = Math.round((value - base) * scale);
  const unit = Math.round(step * scale);
  return unit > 0 && offset % unit === 0;
}

function decimalPlaces(n: number): number {
  const text = String(n);
  if (text.includes('e-')) return Number(text.split('e-')[1]);
  return text.includes('.') ? text.split('.')[1]!.length : 0;
}

/** A card number: 12 to 19 digits (spaces and dashes allowed) passing the Luhn check. */
export function isCreditCardNumber(value: string): boolean {
  if (!/^[\d\s-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A file's extension, lower-case ('' when it has none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** 12-hour time, `8:45 AM` (seed 002 §5): minutes since midnight, or undefined. */
export function parseTime12h(value: string): number | undefined {
  const match = /^(1[0-2]|0?[1-9]):([0-5]\d) ?([ap]m)$/i.exec(value.trim());
  if (!match) return undefined;
  const hours = (Number(match[1]) % 12) + (match[3]!.toLowerCase() === 'pm' ? 12 : 0);
  return hours * 60 + Number(match[2]);
}

/** 24-hour time, `22:45`: minutes since midnight, or undefined. */
export function parseTime24h(value: string): number | undefined {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

/**
 * The time-limit rule: between min and max, inclusive. A min after the max is a range across
 * midnight (22:00 to 02:00).
 */
export function isTimeWithin(minutes: number, min: number, max: number): boolean {
  return min <= max ? minutes >= min && minutes <= max : minutes >= min || minutes <= max;
}

export function minutesOf(hhmm: string): number {
  const [hours = '0', minutes = '0'] = hhmm.split(':');
  return Number(hours) * 60 + Number(minutes);
}

/** `13:05` shown as the field's format: `1:05 PM` or `13:05`. */
export function formatTime(minutes: number, format: 'g:i A' | 'H:i'): string {
  const hours = Math.floor(minutes / 60);
  const mm = String(minutes % 60).padStart(2, '0');
  if (format === 'H:i') return `${String(hours).padStart(2, '0')}:${mm}`;
  return `${hours % 12 === 0 ? 12 : hours % 12}:${mm} ${hours < 12 ? 'AM' : 'PM'}`;
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** A date as the field's format writes it (`m/d/Y` or `d/m/Y`), or undefined when it is none. */
export function parseDate(value: string, format: 'm/d/Y' | 'd/m/Y'): CalendarDate | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  if (!match) return undefined;
  const [first, second, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [month, day] = format === 'm/d/Y' ? [first, second] : [second, first];
  return calendarDate(year, month, day);
}

/** A real day of the calendar, or undefined (31 February is not one). */
export function calendarDate(year: number, month: number, day: number): CalendarDate | undefined {
  if (!Number.isInteger(year) || year < 1000 || year > 9999) return undefined;
  if (!Number.isInteger(month) || month < 1 || month > 12) return undefined;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (!Number.isInteger(day) || day < 1 || day > days) return undefined;
  return { year, month, day };
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export function weekdayOf(date: CalendarDate): Weekday {
  return WEEKDAYS[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()]!;
}

/**
 * Whether an input mask is filled: `9` a digit, `a` a letter, `*` a letter or digit, anything
 * else itself (imask's pattern characters, as WPForms writes them).
 */
export function isMaskComplete(value: string, mask: string): boolean {
  if (characterCount(value) !== characterCount(mask)) return false;
  const chars = [...value];
  return [...mask].every((m, i) => {
    const c = chars[i]!;
    if (m === '9') return /^\d$/.test(c);
    if (m === 'a') return /^\p{L}$/u.test(c);
    if (m === '*') return /^[\p{L}\d]$/u.test(c);
    return c === m;
  });
}

/** Smart and international phone numbers: digits and `+ - ( ) .` and spaces, 5 to 20 digits. */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 5 && digits <= 20;
}

/** The US phone mask of seed 002's phone field. */
export const US_PHONE_MASK = '(999) 999-9999';

import { describe, expect, it } from 'vitest';
import { formatDate, isDayChoosable } from './date-format.ts';
import { emailSuggestion } from './email-suggestion.ts';
import { isRefusedAmountKey, isRefusedNumberKey, numberCharacters } from './keystrokes.ts';
import { imaskPattern } from './mask.ts';
import { limitCharacters, limitText, limitWords } from './text-limit.ts';
import { optionNearNow, roundTypedTime, timeOptions } from './time-options.ts';

const key = (k: string, ctrl = false) => ({ key: k, ctrlKey: ctrl, metaKey: false, altKey: false });
const noDomains = { mailcheck_domains: [], mailcheck_toplevel_domains: [] };
const timeField = {
  time_format: 'g:i A' as const,
  time_interval: 30,
  time_limit_enabled: false,
  time_min: '09:00',
  time_max: '17:00',
};

describe('character and word limits (seed 002 §4)', () => {
  it('cuts the value to the character limit, counting an emoji as one character', () => {
    expect(limitCharacters('abcdef', 3)).toBe('abc');
    expect(limitCharacters('a😀bc', 2)).toBe('a😀');
    expect(limitCharacters('ab', 3)).toBe('ab');
  });

  it('keeps the first words and refuses the start of one more', () => {
    expect(limitWords('one two three', 2)).toBe('one two ');
    expect(limitWords('one two ', 2)).toBe('one two ');
    expect(limitWords('one  two\nthree four', 3)).toBe('one  two\nthree ');
    // Typing on after the limit: each refused letter leaves the space, never glues to the word.
    expect(limitWords('one two f', 2)).toBe('one two ');
    expect(limitWords('one two o', 2)).toBe('one two ');
  });

  it('shows the count against the limit with the form texts', () => {
    const texts = {
      val_limit_characters: '{count} of {limit} max characters.',
      val_limit_words: '{count} of {limit} max words.',
    };
    expect(limitText('hello', { limit_mode: 'characters', limit_count: 200 }, texts)).toBe(
      '5 of 200 max characters.',
    );
    expect(limitText('a b c', { limit_mode: 'words', limit_count: 10 }, texts)).toBe(
      '3 of 10 max words.',
    );
  });
});

describe('e-mail suggestion (seed 002 §5)', () => {
  it('suggests a close popular domain and nothing for a known one', () => {
    expect(emailSuggestion('ada@gmial.com', noDomains)).toBe('ada@gmail.com');
    expect(emailSuggestion('ada@hotmial.com', noDomains)).toBe('ada@hotmail.com');
    expect(emailSuggestion('ada@gmail.com', noDomains)).toBeUndefined();
    expect(emailSuggestion('not an address', noDomains)).toBeUndefined();
  });

  it('takes the form’s own domains', () => {
    const settings = {
      mailcheck_domains: ['hearth-thread.test'],
      mailcheck_toplevel_domains: ['test'],
    };
    expect(emailSuggestion('ada@hearth-thred.test', settings)).toBe('ada@hearth-thread.test');
    expect(emailSuggestion('ada@hearth-thred.test', noDomains)).not.toBe('ada@hearth-thread.test');
  });

  it('strips unsafe characters and caps the local part at 64 characters', () => {
    const local = 'a'.repeat(70);
    const suggestion = emailSuggestion(`${local}@gmial.com`, noDomains);
    expect(suggestion).toBe(`${'a'.repeat(64)}@gmail.com`);
    expect(emailSuggestion('a<b>"c@gmial.com', noDomains)).toBe('abc@gmail.com');
  });

  it('shows a punycode domain in Unicode', () => {
    const settings = {
      mailcheck_domains: ['xn--bcher-kva.example'],
      mailcheck_toplevel_domains: [],
    };
    expect(emailSuggestion('ada@xn--bcher-kva.exampel', settings)).toBe('ada@bücher.example');
  });
});

describe('keystroke rules (seed 002 §5)', () => {
  it('lets only digits, minus and period into a number field', () => {
    for (const k of ['1', '0', '-', '.']) expect(isRefusedNumberKey(key(k))).toBe(false);
    for (const k of ['e', '+', ',', ' ', 'a']) expect(isRefusedNumberKey(key(k))).toBe(true);
    for (const k of ['Backspace', 'ArrowLeft', 'Tab'])
      expect(isRefusedNumberKey(key(k))).toBe(false);
    expect(isRefusedNumberKey(key('v', true))).toBe(false);
    expect(numberCharacters('1e3,5 x')).toBe('135');
  });

  it('lets only digits, period and comma into a user amount', () => {
    expect(isRefusedAmountKey(key(','))).toBe(false);
    expect(isRefusedAmountKey(key('-'))).toBe(true);
  });
});

describe('time picker options (seed 002 §2)', () => {
  it('lists the day at the interval, within min and max when limited', () => {
    expect(timeOptions(timeField)).toHaveLength(48);
    const limited = timeOptions({ ...timeField, time_limit_enabled: true, time_interval: 60 });
    expect(limited.map((o) => o.label)).toEqual([
      '9:00 AM',
      '10:00 AM',
      '11:00 AM',
      '12:00 PM',
      '1:00 PM',
      '2:00 PM',
      '3:00 PM',
      '4:00 PM',
      '5:00 PM',
    ]);
  });

  it('opens at the first time at or after now', () => {
    const options = timeOptions(timeField);
    expect(options[optionNearNow(options, new Date(2026, 0, 1, 13, 10))]?.label).toBe('1:30 PM');
    expect(optionNearNow(options, new Date(2026, 0, 1, 23, 50))).toBe(47);
  });

  it('rounds a typed time to the interval, in the field’s format', () => {
    expect(roundTypedTime('1:14 pm', timeField)).toBe('1:00 PM');
    expect(roundTypedTime('13:16', timeField)).toBe('1:30 PM');
    expect(roundTypedTime('23:50', { ...timeField, time_format: 'H:i' })).toBe('00:00');
    expect(roundTypedTime('soon', timeField)).toBe('soon');
  });
});

describe('dates', () => {
  it('writes the picker’s date in the field’s format', () => {
    expect(formatDate({ year: 2026, month: 3, day: 7 }, 'm/d/Y')).toBe('03/07/2026');
    expect(formatDate({ year: 2026, month: 3, day: 7 }, 'd/m/Y')).toBe('07/03/2026');
  });

  it('allows only the listed weekdays', () => {
    const saturday = new Date(2026, 10, 28);
    expect(isDayChoosable(saturday, [])).toBe(true);
    expect(isDayChoosable(saturday, ['mon', 'tue', 'wed', 'thu', 'fri'])).toBe(false);
    expect(isDayChoosable(saturday, ['sat'])).toBe(true);
  });
});

describe('input masks', () => {
  it('turns WPForms’ mask letters into imask’s, escaping imask’s own', () => {
    expect(imaskPattern('(999) 999-9999')).toBe('(000) 000-0000');
    expect(imaskPattern('aa-0*')).toBe('aa-\\0*');
  });
});

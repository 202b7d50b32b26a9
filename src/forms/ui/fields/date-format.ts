import { parseDate, weekdayOf, type CalendarDate } from '../../rules/field-rules.ts';

/** A date field's text in its format (`m/d/Y` or `d/m/Y`), to and from the picker's dates. */
export type DateFormat = 'm/d/Y' | 'd/m/Y';

export function formatDate(date: CalendarDate, dateFormat: DateFormat): string {
  const mm = String(date.month).padStart(2, '0');
  const dd = String(date.day).padStart(2, '0');
  return dateFormat === 'm/d/Y' ? `${mm}/${dd}/${date.year}` : `${dd}/${mm}/${date.year}`;
}

export function toCalendarDate(date: Date): CalendarDate {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

export function fromCalendarDate(date: CalendarDate): Date {
  return new Date(date.year, date.month - 1, date.day);
}

/** The picker's date for the field's text, when it holds one. */
export function dateOfText(text: string, dateFormat: DateFormat): Date | undefined {
  const date = parseDate(text, dateFormat);
  return date && fromCalendarDate(date);
}

/** Seed 002 §3 `limit-days`: whether a day may be chosen (every day when none are listed). */
export function isDayChoosable(date: Date, limitDays: readonly string[]): boolean {
  return limitDays.length === 0 || limitDays.includes(weekdayOf(toCalendarDate(date)));
}

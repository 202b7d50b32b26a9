import {
  formatTime,
  isTimeWithin,
  minutesOf,
  parseTime12h,
  parseTime24h,
} from '../../rules/field-rules.ts';

/**
 * The time picker's list (seed 002 §2: scroll to the current time, force rounding): the times of
 * the day at the field's interval, only those within min and max when the time limit is on.
 */
export interface TimeField {
  time_format: 'g:i A' | 'H:i';
  time_interval: number;
  time_limit_enabled: boolean;
  time_min: string;
  time_max: string;
}

const DAY = 24 * 60;

export function timeOptions(field: TimeField): { minutes: number; label: string }[] {
  const options: { minutes: number; label: string }[] = [];
  const [min, max] = [minutesOf(field.time_min), minutesOf(field.time_max)];
  for (let minutes = 0; minutes < DAY; minutes += field.time_interval) {
    if (field.time_limit_enabled && !isTimeWithin(minutes, min, max)) continue;
    options.push({ minutes, label: formatTime(minutes, field.time_format) });
  }
  return options;
}

/** The option the list scrolls to when it opens: the first at or after now (else the last). */
export function optionNearNow(options: readonly { minutes: number }[], now: Date): number {
  const minutes = now.getHours() * 60 + now.getMinutes();
  const index = options.findIndex((option) => option.minutes >= minutes);
  return index === -1 ? options.length - 1 : index;
}

/**
 * A typed time rounded to the field's interval (forceRoundTime), written in the field's format;
 * text that is not a time of either format is left for the rule engine to refuse.
 */
export function roundTypedTime(text: string, field: TimeField): string {
  const minutes = parseTime12h(text) ?? parseTime24h(text);
  if (minutes === undefined) return text;
  const step = field.time_interval;
  const rounded = (Math.round(minutes / step) * step) % DAY;
  return formatTime(rounded, field.time_format);
}

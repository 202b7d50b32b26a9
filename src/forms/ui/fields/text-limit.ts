import { format } from '../../../platform/messages/format.ts';
import { characterCount, wordCount } from '../../rules/field-rules.ts';

/**
 * Seed 002 §4's character and word limits while the visitor types: the character limit cuts the
 * value to the limit and shows the count; the word limit keeps the first words and refuses the
 * start of one more (a space after the last allowed word is allowed, a letter after it is not).
 */
export function limitCharacters(text: string, limit: number): string {
  return characterCount(text) <= limit ? text : [...text].slice(0, limit).join('');
}

export function limitWords(text: string, limit: number): string {
  if (wordCount(text) <= limit) return text;
  const words = /\S+/gu;
  let end = 0;
  for (let n = 0; n < limit; n += 1) {
    const match = words.exec(text);
    if (!match) break;
    end = match.index + match[0].length;
  }
  // The space typed after the last allowed word stays: cutting it would glue the next letters
  // typed to that word ("three" + " f" must not become "threef" on the following key).
  end += /^\s*/u.exec(text.slice(end))![0].length;
  return text.slice(0, end);
}

export interface LimitSettings {
  limit_mode: 'characters' | 'words';
  limit_count: number;
}

/** The value cut to the field's limit. */
export function applyLimit(text: string, field: LimitSettings): string {
  return field.limit_mode === 'words'
    ? limitWords(text, field.limit_count)
    : limitCharacters(text, field.limit_count);
}

/** The counter below the field: `val_limit_characters` / `val_limit_words` with count and limit. */
export function limitText(
  text: string,
  field: LimitSettings,
  settings: { val_limit_characters: string; val_limit_words: string },
): string {
  const words = field.limit_mode === 'words';
  const count = words ? wordCount(text) : characterCount(text);
  const template = words ? settings.val_limit_words : settings.val_limit_characters;
  return format(template, {
    count,
    limit: field.limit_count,
    remaining: Math.max(field.limit_count - count, 0),
  });
}

import { format, messages } from '../platform/messages/index.ts';

/** What a searchable select knows when it decides what to say in place of (or after) options. */
export interface DropdownQuery {
  /** What is typed in its search field. */
  input: string;
  /** Options that match what is typed. */
  matches: number;
  minimumInputLength?: number;
  maximumInputLength?: number;
  /** For a multiple select: how many may be chosen, and how many are. */
  maximumSelectionLength?: number;
  selected?: number;
  /** Options fetched from the shop: a search under way, more pages coming, or a failed fetch. */
  loading?: 'searching' | 'more' | 'error';
}

/**
 * Seed 000 §8's dropdown messages, in select2's order of precedence: a failed load, too few or
 * too many characters typed, a full multiple selection, a search under way, nothing found, more
 * results coming. Null when the options speak for themselves.
 */
export function dropdownNotice(query: DropdownQuery): string | null {
  const texts = messages.dropdown;
  const typed = [...query.input].length;
  if (query.loading === 'error') return texts.errorLoading;
  if (query.minimumInputLength !== undefined && typed < query.minimumInputLength)
    return format(texts.inputTooShort, { count: query.minimumInputLength - typed });
  if (query.maximumInputLength !== undefined && typed > query.maximumInputLength) {
    const over = typed - query.maximumInputLength;
    return format(over === 1 ? texts.inputTooLongOne : texts.inputTooLong, { count: over });
  }
  if (
    query.maximumSelectionLength !== undefined &&
    (query.selected ?? 0) >= query.maximumSelectionLength
  ) {
    const max = query.maximumSelectionLength;
    return format(max === 1 ? texts.maximumSelectedOne : texts.maximumSelected, { count: max });
  }
  if (query.loading === 'searching') return texts.searching;
  if (query.matches === 0) return texts.noResults;
  if (query.loading === 'more') return texts.loadingMore;
  return null;
}

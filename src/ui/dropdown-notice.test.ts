import { describe, expect, it } from 'vitest';
import { dropdownNotice } from './dropdown-notice.ts';

describe('what a searchable select says (seed 000 §8)', () => {
  it('says nothing while options match', () => {
    expect(dropdownNotice({ input: 'uni', matches: 3 })).toBeNull();
  });

  it('says no results were found when nothing matches', () => {
    expect(dropdownNotice({ input: 'zzz', matches: 0 })).toBe('No results found');
  });

  it('asks for more characters, or fewer, by how many', () => {
    expect(dropdownNotice({ input: 'a', matches: 0, minimumInputLength: 3 })).toBe(
      'Please enter 2 or more characters',
    );
    expect(dropdownNotice({ input: 'abcd', matches: 0, maximumInputLength: 3 })).toBe(
      'Please delete 1 character',
    );
    expect(dropdownNotice({ input: 'abcdef', matches: 0, maximumInputLength: 3 })).toBe(
      'Please delete 3 characters',
    );
  });

  it('counts characters as people see them', () => {
    expect(dropdownNotice({ input: 'Å😀', matches: 0, minimumInputLength: 3 })).toBe(
      'Please enter 1 or more characters',
    );
  });

  it('stops a full multiple selection', () => {
    expect(dropdownNotice({ input: '', matches: 5, maximumSelectionLength: 2, selected: 2 })).toBe(
      'You can only select 2 items',
    );
    expect(dropdownNotice({ input: '', matches: 5, maximumSelectionLength: 1, selected: 1 })).toBe(
      'You can only select 1 item',
    );
  });

  it('tells of loading: searching, more to come, or a failure first of all', () => {
    expect(dropdownNotice({ input: 'a', matches: 0, loading: 'searching' })).toBe('Searching…');
    expect(dropdownNotice({ input: 'a', matches: 4, loading: 'more' })).toBe(
      'Loading more results…',
    );
    expect(
      dropdownNotice({ input: 'a', matches: 0, loading: 'error', minimumInputLength: 5 }),
    ).toBe('The results could not be loaded');
  });
});

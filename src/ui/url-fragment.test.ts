import { describe, expect, it } from 'vitest';
import { fragmentId } from './url-fragment.ts';

describe("the element id a URL's fragment names", () => {
  it('drops the hash and decodes percent-encoding', () => {
    expect(fragmentId('#tab-reviews')).toBe('tab-reviews');
    expect(fragmentId('#caf%C3%A9')).toBe('café');
    expect(fragmentId('plain')).toBe('plain');
    expect(fragmentId('')).toBe('');
  });

  it('takes a malformed fragment as written instead of throwing', () => {
    expect(fragmentId('#%E0%A4%A')).toBe('%E0%A4%A');
    expect(fragmentId('#100%')).toBe('100%');
  });
});

import { describe, expect, it } from 'vitest';
import { messages } from '../platform/messages/index.ts';
import { termsRefusal } from './terms.ts';

describe('termsRefusal', () => {
  it('refuses a form without the terms ticked, with or without the terms-field marker', () => {
    expect(termsRefusal({})).toBe(messages.termsRequired);
    expect(termsRefusal({ 'terms-field': '1' })).toBe(messages.termsRequired);
    expect(termsRefusal({ terms: '' })).toBe(messages.termsRequired);
    expect(termsRefusal({ terms: ['on'] })).toBe(messages.termsRequired);
  });

  it('lets a ticked box through', () => {
    expect(termsRefusal({ terms: 'on' })).toBeNull();
    expect(termsRefusal({ 'terms-field': '1', terms: '1' })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { initialTab, productTabIds, tabForLocation } from './product-tab-rule.ts';

const all = productTabIds;
const at = (hash: string, search = '') => initialTab({ hash, search }, all);

describe('the tab a product page opens on load (seed 000 §2)', () => {
  it('opens the reviews for a comment marker in the fragment', () => {
    expect(at('#comment-12')).toBe('reviews');
    expect(at('#li-comment-7')).toBe('reviews');
    expect(at('#Comment-3')).toBe('reviews');
  });

  it('opens the reviews for the reviews fragment', () => {
    expect(at('#reviews')).toBe('reviews');
    expect(at('#tab-reviews')).toBe('reviews');
  });

  it('opens the reviews for a review page in the query', () => {
    expect(at('', '?cpage=2')).toBe('reviews');
    expect(at('', '?orderby=x&cpage=3')).toBe('reviews');
    expect(at('', '?comment-page=2')).toBe('reviews');
    expect(at('#tab-description', '?cpage=2')).toBe('reviews');
  });

  it('opens the additional information for its fragment', () => {
    expect(at('#tab-additional_information')).toBe('additional_information');
  });

  it('opens the first tab otherwise', () => {
    expect(at('')).toBe('description');
    expect(at('#tab-description')).toBe('description');
    expect(at('#main')).toBe('description');
    expect(at('', '?page=2&xcpage=1')).toBe('description');
    expect(at('#%E0%A4%A')).toBe('description');
  });

  it('never opens a tab the product does not have', () => {
    const noInfo = ['description', 'reviews'] as const;
    expect(initialTab({ hash: '#tab-additional_information', search: '' }, noInfo)).toBe(
      'description',
    );
    expect(tabForLocation({ hash: '#main', search: '' }, all)).toBeNull();
  });
});

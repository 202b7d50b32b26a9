import { describe, expect, it } from 'vitest';
import { pageWindow, parsePage, parseSortOrder, resultCountText } from './listing.ts';

describe('listing sort and paging', () => {
  it('accepts the contract sort orders and falls back to the default', () => {
    expect(parseSortOrder('price-desc')).toBe('price-desc');
    expect(parseSortOrder('popularity')).toBe('popularity');
    expect(parseSortOrder('drop table')).toBe('menu_order');
    expect(parseSortOrder(null)).toBe('menu_order');
  });

  it('reads page numbers defensively', () => {
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('x')).toBe(1);
  });

  it('clamps a page past the end to the last page', () => {
    expect(pageWindow(30, 9, 12)).toEqual({ page: 3, perPage: 12, offset: 24, totalPages: 3 });
    expect(pageWindow(0, 1, 12).totalPages).toBe(1);
  });

  it('words the result count as WooCommerce does', () => {
    expect(resultCountText(1, pageWindow(1, 1, 12))).toBe('Showing the single result');
    expect(resultCountText(6, pageWindow(6, 1, 12))).toBe('Showing all 6 results');
    expect(resultCountText(30, pageWindow(30, 3, 12))).toBe('Showing 25–30 of 30 results');
  });
});

import { describe, expect, it } from 'vitest';
import { carouselDots } from './carousel-dots.ts';

const indexes = (pages: number, current: number) =>
  carouselDots(pages, current).map((dot) => dot.index);

describe('the carousel dots (seed 000 §9: dynamic from 11 pages)', () => {
  it('has no dots for one page, and one full dot a page below 11', () => {
    expect(carouselDots(1, 0)).toEqual([]);
    expect(carouselDots(3, 1)).toEqual([
      { index: 0, scale: 1 },
      { index: 1, scale: 1 },
      { index: 2, scale: 1 },
    ]);
    expect(indexes(10, 9)).toHaveLength(10);
  });

  it('shows a moving window of five dots from 11 pages on', () => {
    expect(indexes(11, 0)).toEqual([0, 1, 2, 3, 4]);
    expect(indexes(11, 5)).toEqual([3, 4, 5, 6, 7]);
    expect(indexes(11, 10)).toEqual([6, 7, 8, 9, 10]);
  });

  it('shrinks the window’s edge dots where more pages lie beyond them', () => {
    expect(carouselDots(11, 5).map((dot) => dot.scale)).toEqual([0.33, 0.66, 1, 0.66, 0.33]);
    expect(carouselDots(11, 0).map((dot) => dot.scale)).toEqual([1, 1, 1, 0.66, 0.33]);
    expect(carouselDots(11, 10).map((dot) => dot.scale)).toEqual([0.33, 0.66, 1, 1, 1]);
  });

  it('always holds the current page', () => {
    for (let pages = 1; pages <= 30; pages++)
      for (let current = 0; current < pages; current++)
        if (pages > 1) expect(indexes(pages, current)).toContain(current);
  });
});

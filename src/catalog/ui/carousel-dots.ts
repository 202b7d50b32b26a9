import { GALLERY_CAROUSEL } from '../../platform/constants/index.ts';

export interface Dot {
  index: number;
  /** 1: a full dot; smaller at the edges of a moving window. */
  scale: 1 | 0.66 | 0.33;
}

/**
 * The carousel's dots (seed 000 §9): one per page; from `dynamicFrom` pages on, a window of
 * `shown` dots that moves with the current page, its edge dots smaller where more pages lie
 * beyond them.
 */
export function carouselDots(
  pages: number,
  current: number,
  { dynamicDotsFrom: dynamicFrom, dynamicDotsShown: shown } = GALLERY_CAROUSEL,
): Dot[] {
  if (pages <= 1) return [];
  const all = Array.from({ length: pages }, (_, index) => index);
  if (pages < dynamicFrom) return all.map((index) => ({ index, scale: 1 }));
  const half = Math.floor(shown / 2);
  const start = Math.min(Math.max(0, current - half), pages - shown);
  const end = start + shown - 1;
  return all.slice(start, end + 1).map((index): Dot => {
    const fromEdge = Math.min(index - start, end - index);
    const moreBeyond = (index === start && start > 0) || (index === end && end < pages - 1);
    const nearBeyond = (index === start + 1 && start > 0) || (index === end - 1 && end < pages - 1);
    if (fromEdge === 0 && moreBeyond) return { index, scale: 0.33 };
    if (fromEdge === 1 && nearBeyond) return { index, scale: 0.66 };
    return { index, scale: 1 };
  });
}

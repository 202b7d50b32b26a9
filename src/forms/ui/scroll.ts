import { FORM_SCROLL_ANIMATION_MS } from '../../platform/constants/index.ts';

/**
 * Scrolls the window so that an element sits `offset` pixels below the top (seed 002 §9: 75 px for
 * pages and field errors, 100 px for general errors and the confirmation), animated over 750 ms,
 * at once for visitors who ask for reduced motion. Works the same for an embedded form: its shadow
 * root's elements measure in the host page's viewport.
 */
export function scrollToElement(element: Element, offset: number): Promise<void> {
  const target = Math.max(0, element.getBoundingClientRect().top + window.scrollY - offset);
  const start = window.scrollY;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  if (reduce || Math.abs(target - start) < 2) {
    window.scrollTo(0, target);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const began = performance.now();
    const step = (now: number) => {
      const progress = Math.min((now - began) / FORM_SCROLL_ANIMATION_MS, 1);
      // jQuery's default "swing" easing, as the seed's animations use.
      const eased = 0.5 - Math.cos(progress * Math.PI) / 2;
      window.scrollTo(0, start + (target - start) * eased);
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}

import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { CAROUSEL_START_MARGIN, CAROUSEL_START_TIMEOUT_MS } from '../platform/constants/index.ts';

/** Runs `work` once the browser has nothing more urgent to do; returns its cancel. */
function whenIdle(work: () => void, timeoutMs: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(work, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  // Safari has no idle callback: a task of its own is the point.
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
}

/** Runs `work` once `element` comes within `margin` of the window (at once without the API). */
function whenNear(element: Element | null, margin: string, work: () => void): () => void {
  if (!element || typeof IntersectionObserver !== 'function') {
    work();
    return () => {};
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      work();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * An Embla carousel that starts once the browser is idle after hydration (at the latest after
 * CAROUSEL_START_TIMEOUT_MS) instead of inside hydration's commit, and only once it is near the
 * window (CAROUSEL_START_MARGIN): starting measures every slide and binds its handlers, about
 * 60 ms of a slow phone's main thread for each carousel, so the home page's five further down
 * wait until the shopper scrolls towards them. Until then the server's markup shows the row. Returns the
 * viewport's ref, the carousel (undefined until it has started), and `withCarousel`: a shopper's
 * move (a thumbnail, an arrow) made before the start starts it at once and is then carried out.
 */
export function useIdleCarousel(options: EmblaOptionsType) {
  const [startOn, carousel] = useEmblaCarousel(options);
  const viewport = useRef<HTMLDivElement | null>(null);
  const waiting = useRef<((carousel: EmblaCarouselType) => void) | null>(null);
  // Rendered at once, so Embla starts inside this idle callback's own task: otherwise React
  // batches the home page's six starts into one render that starts them all, a task of about
  // 100 ms at 4x CPU instead of six short ones.
  const start = useCallback(() => flushSync(() => startOn(viewport.current)), [startOn]);
  useEffect(() => {
    let cancelIdle = () => {};
    const cancelNear = whenNear(viewport.current, CAROUSEL_START_MARGIN, () => {
      cancelIdle = whenIdle(start, CAROUSEL_START_TIMEOUT_MS);
    });
    return () => {
      cancelNear();
      cancelIdle();
    };
  }, [start]);
  useEffect(() => {
    const move = waiting.current;
    if (!carousel || !move) return;
    waiting.current = null;
    // After the effects that listen to the carousel have run, so they hear this move too.
    queueMicrotask(() => move(carousel));
  }, [carousel]);
  const withCarousel = useCallback(
    (move: (carousel: EmblaCarouselType) => void) => {
      if (carousel) return move(carousel);
      waiting.current = move;
      start();
    },
    [carousel, start],
  );
  return [viewport, carousel, withCarousel] as const;
}

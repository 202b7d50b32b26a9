import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useRef } from 'react';
import { CAROUSEL_START_TIMEOUT_MS } from '../platform/constants/index.ts';

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

/**
 * An Embla carousel that starts once the browser is idle after hydration (at the latest after
 * CAROUSEL_START_TIMEOUT_MS) instead of inside hydration's commit: starting measures every slide
 * and binds its handlers, about 57 ms of a slow phone's main thread that then blocked the page
 * with the rest of hydration. Until then the server's markup shows the first slide. Returns the
 * viewport's ref, the carousel (undefined until it has started), and `withCarousel`: a shopper's
 * move (a thumbnail, an arrow) made before the start starts it at once and is then carried out.
 */
export function useIdleCarousel(options: EmblaOptionsType) {
  const [startOn, carousel] = useEmblaCarousel(options);
  const viewport = useRef<HTMLDivElement | null>(null);
  const waiting = useRef<((carousel: EmblaCarouselType) => void) | null>(null);
  const start = useCallback(() => startOn(viewport.current), [startOn]);
  useEffect(() => whenIdle(start, CAROUSEL_START_TIMEOUT_MS), [start]);
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

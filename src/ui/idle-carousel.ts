import type { EmblaOptionsType } from 'embla-carousel';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useRef } from 'react';
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
 * viewport's ref and the carousel, undefined until it has started.
 */
export function useIdleCarousel(options: EmblaOptionsType) {
  const [startOn, carousel] = useEmblaCarousel(options);
  const viewport = useRef<HTMLDivElement | null>(null);
  useEffect(() => whenIdle(() => startOn(viewport.current), CAROUSEL_START_TIMEOUT_MS), [startOn]);
  return [viewport, carousel] as const;
}

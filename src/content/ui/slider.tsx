import type { EmblaOptionsType } from 'embla-carousel';
import { Children, useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import {
  MOBILE_SLIDER_BELOW_PX,
  SLIDER_BREAKPOINTS,
  SLIDER_DEFAULT_SLIDES,
} from '../../platform/constants/index.ts';
import { contentMessages } from '../../platform/messages/content.ts';
import { useIdleCarousel } from '../../ui/idle-carousel.ts';
import { format } from '../../platform/messages/format.ts';

/**
 * A slider after the WAI-ARIA carousel pattern, moved by Embla: `aria-roledescription` carousel
 * and slide, `Previous` / `Next` buttons, each slide named "n of m". `multi` shows 4 slides and
 * fewer on narrower windows (SLIDER_BREAKPOINTS, sizes in slider.css); `mobile` is a slider only
 * under MOBILE_SLIDER_BELOW_PX and a plain grid above. Without JavaScript the row scrolls.
 */
export type SliderKind = 'multi' | 'mobile';

const MOBILE_QUERY = `(max-width: ${MOBILE_SLIDER_BELOW_PX - 1}px)`;

const OPTIONS: Record<SliderKind, EmblaOptionsType> = {
  multi: { align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps' },
  mobile: {
    align: 'start',
    containScroll: 'trimSnaps',
    active: false,
    breakpoints: { [MOBILE_QUERY]: { active: true } },
  },
};

/** How many slides the `multi` slider shows at a window width (what slider.css lays out). */
export function slidesShown(width: number): number {
  let shown: number = SLIDER_DEFAULT_SLIDES;
  for (const breakpoint of SLIDER_BREAKPOINTS)
    if (width <= breakpoint.maxWidth) shown = breakpoint.slides;
  return shown;
}

function subscribeMobile(onChange: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether a slider of this kind is a carousel now (a `mobile` one: on the server, not yet). */
function useActive(kind: SliderKind): boolean {
  const mobile = useSyncExternalStore(
    subscribeMobile,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
  return kind === 'multi' || mobile;
}

export function Slider({
  kind,
  label,
  className,
  children,
}: {
  kind: SliderKind;
  /** What the slides are, e.g. "Best sellers": the carousel's name. */
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  const [viewport, embla, withCarousel] = useIdleCarousel(OPTIONS[kind]);
  const active = useActive(kind);
  const [canPrevious, setCanPrevious] = useState(false);
  const [canNext, setCanNext] = useState(kind === 'multi');
  const slides = Children.toArray(children);

  const update = useCallback(() => {
    if (!embla) return;
    setCanPrevious(embla.canScrollPrev());
    setCanNext(embla.canScrollNext());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    update();
    embla.on('select', update).on('reInit', update);
    return () => {
      embla.off('select', update).off('reInit', update);
    };
  }, [embla, update]);

  return (
    <div
      className={`slider slider-${kind}${embla ? ' is-ready' : ''}${className ? ` ${className}` : ''}`}
      data-slider-active={active ? 'true' : 'false'}
      {...(active && {
        role: 'region',
        'aria-roledescription': 'carousel',
        'aria-label': label,
      })}
    >
      <div className="slider-controls">
        <button
          type="button"
          className="slider-button slider-previous"
          onClick={() => withCarousel((carousel) => carousel.scrollPrev())}
          disabled={!canPrevious}
        >
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">{contentMessages.previousSlide}</span>
        </button>
        <button
          type="button"
          className="slider-button slider-next"
          onClick={() => withCarousel((carousel) => carousel.scrollNext())}
          disabled={!canNext}
        >
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">{contentMessages.nextSlide}</span>
        </button>
      </div>
      <div className="slider-viewport" ref={viewport}>
        <div className="slider-container" {...(active && { 'aria-live': 'polite' as const })}>
          {slides.map((slide, index) => (
            <div
              className="slider-slide"
              key={index}
              {...(active && {
                role: 'group',
                'aria-roledescription': 'slide',
                'aria-label': format(contentMessages.slideOf, {
                  index: index + 1,
                  count: slides.length,
                }),
              })}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

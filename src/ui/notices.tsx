import { createContext, useContext, useEffect, useRef } from 'react';
import {
  NOTICE_FOCUS_DELAY_MS,
  NOTICE_SCROLL_MS,
  NOTICE_SCROLL_OFFSET_PX,
} from '../platform/constants/index.ts';
import type { Notice } from '../platform/session/session.ts';

/** Scrolls to an element with an offset over a duration (seed 000 §9), then focuses it. */
function scrollToNotices(element: HTMLElement, durationMs = NOTICE_SCROLL_MS): void {
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  const start = window.scrollY;
  const target = Math.max(
    0,
    element.getBoundingClientRect().top + window.scrollY - NOTICE_SCROLL_OFFSET_PX,
  );
  const begin = performance.now();
  const step = (now: number) => {
    const progress = reduceMotion ? 1 : Math.min(1, (now - begin) / durationMs);
    const eased = progress < 0.5 ? 2 * progress * progress : 1 - (-2 * progress + 2) ** 2 / 2;
    window.scrollTo(0, start + (target - start) * eased);
    if (progress < 1) requestAnimationFrame(step);
    else window.setTimeout(() => element.focus({ preventScroll: true }), NOTICE_FOCUS_DELAY_MS);
  };
  requestAnimationFrame(step);
}

/**
 * One notices area a page, as WooCommerce prints (its scripts and the scroll to notices take the
 * first `.woocommerce-notices-wrapper`). The layout prints the visitor's waiting notices, unless
 * the page has an area of its own (it says so with this route `handle`) and shows them there.
 */
export const ownNoticesHandle = { ownNotices: true } as const;

export function hasOwnNotices(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && 'ownNotices' in handle;
}

/** The visitor's waiting notices (from the session), for a page with a notices area of its own. */
export const WaitingNoticesContext = createContext<readonly Notice[]>([]);

export function useWaitingNotices(): readonly Notice[] {
  return useContext(WaitingNoticesContext);
}

/** The one notices component: success, error and info messages, announced and focusable. */
export function Notices({
  notices,
  scrollIntoView = false,
}: {
  notices: readonly Notice[];
  scrollIntoView?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (scrollIntoView && notices.length > 0 && ref.current) scrollToNotices(ref.current);
  }, [notices, scrollIntoView]);
  if (notices.length === 0) return <div className="woocommerce-notices-wrapper" ref={ref} />;
  const errors = notices.filter((n) => n.type === 'error');
  const others = notices.filter((n) => n.type !== 'error');
  return (
    <div className="woocommerce-notices-wrapper" ref={ref} tabIndex={-1}>
      {errors.length > 0 && (
        // The alert wraps the list, so the list keeps its list semantics (axe's listitem rule).
        <div className="notice notice-error woocommerce-error" role="alert">
          <ul>
            {errors.map((notice, index) => (
              <li key={index}>{notice.text}</li>
            ))}
          </ul>
        </div>
      )}
      {others.map((notice, index) => (
        <div
          key={index}
          className={`notice notice-${notice.type} woocommerce-message`}
          role="status"
        >
          {notice.link && (
            <a href={notice.link.href} className="button notice-link">
              {notice.link.label}
            </a>
          )}
          <span>{notice.text}</span>
        </div>
      ))}
    </div>
  );
}

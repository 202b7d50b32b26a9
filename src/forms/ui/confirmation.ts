import { FORM_CONFIRMATION_HIDE_MS } from '../../platform/constants/index.ts';

/**
 * A form's confirmation message hides once it has been read (seed 000: after 5000 ms; screen
 * readers have it from its status role and the announcement meanwhile). Its container keeps the
 * height it had, so that what follows it on the page, the host page's content or the shop's
 * footer, stays where the shopper saw it. Returns what cancels the hiding.
 */
export function hideConfirmationLater(confirmation: HTMLElement): () => void {
  const timer = window.setTimeout(() => {
    const container = confirmation.parentElement;
    if (container) container.style.minHeight = `${container.getBoundingClientRect().height}px`;
    confirmation.hidden = true;
  }, FORM_CONFIRMATION_HIDE_MS);
  return () => window.clearTimeout(timer);
}

import { FORM_ANNOUNCE_DELAY_MS, FORM_ANNOUNCE_REMOVE_MS } from '../../platform/constants/index.ts';

/**
 * Seed 002 §9's screen-reader announcements: a message is put into a live region after 100 ms (so
 * that a screen reader notices the change) and taken out again after 1 s.
 */
export function announce(container: HTMLElement, text: string, urgent = false): void {
  const doc = container.ownerDocument;
  window.setTimeout(() => {
    const region = doc.createElement('div');
    region.className = 'wpforms-screen-reader-announce';
    region.setAttribute('role', urgent ? 'alert' : 'status');
    region.setAttribute('aria-live', urgent ? 'assertive' : 'polite');
    region.textContent = text;
    container.append(region);
    window.setTimeout(() => region.remove(), FORM_ANNOUNCE_REMOVE_MS);
  }, FORM_ANNOUNCE_DELAY_MS);
}

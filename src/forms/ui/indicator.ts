import { format } from '../../platform/messages/format.ts';

/**
 * Seed 002 §2's page indicator after a page change: connector and circles mark the current page
 * active and colour its number (connector its triangle too); progress sets the bar's width to the
 * current page over the page count, in %, and shows the step text (indicatorStepsPattern) and the
 * page's title after a separator, when it has one.
 */
export function progressWidth(pageIndex: number, pageCount: number): string {
  return `${((pageIndex + 1) / pageCount) * 100}%`;
}

export function stepText(pattern: string, pageIndex: number, pageCount: number): string {
  return format(pattern, { current: pageIndex + 1, total: pageCount });
}

export function updateIndicator(
  form: HTMLFormElement,
  pageIndex: number,
  titles: readonly string[],
  pattern: string,
  color: string,
): void {
  const indicator = form.querySelector<HTMLElement>('.wpforms-page-indicator');
  if (!indicator) return;
  const style = indicator.dataset.indicator;
  const steps = stepText(pattern, pageIndex, titles.length);
  if (style === 'connector' || style === 'circles') {
    indicator.setAttribute('aria-label', steps);
    const pages = indicator.querySelectorAll<HTMLElement>('.wpforms-page-indicator-page');
    pages.forEach((page, index) => {
      const active = index === pageIndex;
      page.classList.toggle('active', active);
      if (active) page.setAttribute('aria-current', 'step');
      else page.removeAttribute('aria-current');
      const circle = page.querySelector<HTMLElement>('.wpforms-page-indicator-page-number');
      if (circle) circle.style.backgroundColor = active && color ? color : '';
      const triangle = page.querySelector<HTMLElement>('.wpforms-page-indicator-page-triangle');
      if (triangle && style === 'connector')
        triangle.style.borderTopColor = active && color ? color : '';
    });
    return;
  }
  if (style !== 'progress') return;
  const bar = indicator.querySelector<HTMLElement>('.wpforms-page-indicator-page-progress');
  if (bar) bar.style.width = progressWidth(pageIndex, titles.length);
  const meter = indicator.querySelector('[role="progressbar"]');
  meter?.setAttribute('aria-valuenow', String(pageIndex + 1));
  meter?.setAttribute('aria-label', steps);
  const text = indicator.querySelector('.wpforms-page-indicator-steps');
  if (text) text.textContent = steps;
  const title = titles[pageIndex] ?? '';
  const titleText = indicator.querySelector<HTMLElement>('.wpforms-page-indicator-page-title-text');
  const separator = indicator.querySelector<HTMLElement>('.wpforms-page-indicator-page-title-sep');
  if (titleText) {
    titleText.textContent = title;
    titleText.hidden = title === '';
  }
  if (separator) separator.hidden = title === '';
}

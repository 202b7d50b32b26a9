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
  pageCount: number,
  pattern: string,
): void {
  const indicator = form.querySelector<HTMLElement>('.wpforms-page-indicator');
  if (!indicator) return;
  const style = indicator.dataset.indicator;
  const color = indicator.dataset.indicatorColor ?? '';
  const number = pageIndex + 1;
  if (style === 'connector' || style === 'circles') {
    for (const page of indicator.querySelectorAll<HTMLElement>('.wpforms-page-indicator-page')) {
      const active = page.classList.contains(`wpforms-page-indicator-page-${number}`);
      page.classList.toggle('active', active);
      if (active) page.setAttribute('aria-current', 'step');
      else page.removeAttribute('aria-current');
      const circle = page.querySelector<HTMLElement>('.wpforms-page-indicator-page-number');
      if (circle) circle.style.backgroundColor = active && color ? color : '';
      const triangle = page.querySelector<HTMLElement>('.wpforms-page-indicator-page-triangle');
      if (triangle && style === 'connector')
        triangle.style.borderTopColor = active && color ? color : '';
    }
    return;
  }
  if (style !== 'progress') return;
  const bar = indicator.querySelector<HTMLElement>('.wpforms-page-indicator-page-progress');
  if (bar) bar.style.width = progressWidth(pageIndex, pageCount);
  indicator.querySelector('[role="progressbar"]')?.setAttribute('aria-valuenow', String(number));
  const steps = indicator.querySelector('.wpforms-page-indicator-steps');
  if (steps) steps.textContent = stepText(pattern, pageIndex, pageCount);
  const title = indicator.querySelector<HTMLElement>('.wpforms-page-indicator-page-title');
  const separator = indicator.querySelector<HTMLElement>('.wpforms-page-indicator-page-title-sep');
  const text = title?.getAttribute(`data-page-${number}-title`) ?? '';
  if (title) {
    title.textContent = text;
    title.hidden = text === '';
  }
  if (separator) separator.hidden = text === '';
}

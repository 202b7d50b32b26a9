import type { FormContext } from '../context.ts';
import { SELECTED_CLASS } from '../dom.ts';
import { on } from './listen.ts';

/**
 * Seed 002 §4 "Radio and checkbox choices": a chosen choice (image choices too) carries the
 * selected style. Changes are ignored while the field is hidden by conditional logic.
 */
export function attachChoices(context: FormContext, element: HTMLElement): void {
  const inputs = () => [
    ...element.querySelectorAll<HTMLInputElement>('input[type=radio], input[type=checkbox]'),
  ];
  const apply = () => {
    if (element.hidden) return;
    for (const input of inputs())
      (input.closest('li') ?? input.parentElement)?.classList.toggle(SELECTED_CLASS, input.checked);
  };
  on(context, element, 'change', apply);
  apply();
}

/**
 * Seed 002 §4 "Rating": hovering highlights the items up to the hovered one; the chosen rating
 * keeps the selected style up to its item.
 */
export function attachRating(context: FormContext, element: HTMLElement): void {
  const items = [...element.querySelectorAll<HTMLElement>('.wpforms-field-rating-item')];
  if (items.length === 0) return;
  const mark = (upTo: number, className: string) =>
    items.forEach((item, index) => item.classList.toggle(className, index <= upTo));
  const chosen = () =>
    items.findIndex((item) => item.querySelector<HTMLInputElement>('input')?.checked);
  for (const [index, item] of items.entries()) {
    on(context, item, 'mouseenter', () => mark(index, 'hover'));
  }
  on(context, element, 'mouseleave', () => mark(-1, 'hover'));
  const select = () => mark(chosen(), SELECTED_CLASS);
  on(context, element, 'change', select);
  select();
}

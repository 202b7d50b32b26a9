import { withScheme } from '../../wire.ts';
import type { FormContext } from '../context.ts';
import { isRefusedNumberKey, numberCharacters } from './keystrokes.ts';
import { on } from './listen.ts';

/** Seed 002 §5: number fields take only digits, minus and period keystrokes (and pastes). */
export function attachNumber(context: FormContext, element: HTMLElement): void {
  const input = element.querySelector<HTMLInputElement>('input[name]');
  if (!input) return;
  on(context, input, 'keydown', (event) => {
    if (isRefusedNumberKey(event)) event.preventDefault();
  });
  on(context, input, 'paste', (event) => {
    const text = event.clipboardData?.getData('text') ?? '';
    if (numberCharacters(text) === text) return;
    event.preventDefault();
    input.setRangeText(
      numberCharacters(text),
      input.selectionStart ?? 0,
      input.selectionEnd ?? 0,
      'end',
    );
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Seed 002 §5: a URL without a scheme gets `https://` when the visitor leaves the field. */
export function attachUrl(context: FormContext, element: HTMLElement): void {
  const input = element.querySelector<HTMLInputElement>('input[name]');
  if (!input) return;
  on(context, input, 'change', () => {
    const value = input.value.trim();
    if (value !== '' && withScheme(value) !== value) input.value = withScheme(value);
  });
}

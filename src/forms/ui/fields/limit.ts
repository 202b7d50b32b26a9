import type { FieldOf } from '../../definition.ts';
import type { FormContext } from '../context.ts';
import { applyLimit, limitText } from './text-limit.ts';
import { describe, on } from './listen.ts';

/** Seed 002 §4: the character limit cuts and counts; the word limit refuses further words. */
export function attachLimit(
  context: FormContext,
  field: FieldOf<'text'> | FieldOf<'textarea'>,
  element: HTMLElement,
): void {
  if (!field.limit_enabled) return;
  const input = element.querySelector<HTMLInputElement | HTMLTextAreaElement>(
    'input[name], textarea[name]',
  );
  if (!input) return;
  let counter = element.querySelector<HTMLElement>('.wpforms-field-limit-text');
  if (!counter) {
    counter = element.ownerDocument.createElement('div');
    counter.className = 'wpforms-field-limit-text';
    counter.id = `${input.id || `wpforms-field-${field.id}`}-limit`;
    input.after(counter);
  }
  describe(input, counter.id);
  const update = (event?: Event) => {
    if ((event as InputEvent | undefined)?.isComposing) return;
    const limited = applyLimit(input.value, field);
    if (limited !== input.value) {
      const caret = Math.min(input.selectionStart ?? limited.length, limited.length);
      input.value = limited;
      input.setSelectionRange(caret, caret);
    }
    counter.textContent = limitText(input.value, field, context.settings);
  };
  on(context, input as HTMLElement, 'input', update);
  update();
}

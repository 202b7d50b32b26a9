import type { FormContext } from '../context.ts';
import { on } from './listen.ts';

/**
 * Masked input (imask, loaded the first time the field takes focus): the field's pattern in
 * WPForms' letters (`9` a digit, `a` a letter, `*` either; anything else stands for itself). The
 * complete-mask rule is the rule engine's.
 */
export function imaskPattern(mask: string): string {
  return [...mask]
    .map((c) => {
      if (c === '9') return '0';
      if (c === 'a' || c === '*') return c;
      // imask's own pattern characters stand for themselves when escaped.
      return /[0a*{}[\]`|\\]/.test(c) ? `\\${c}` : c;
    })
    .join('');
}

export function attachMask(context: FormContext, element: HTMLElement, mask: string): void {
  const input = element.querySelector<HTMLInputElement>('input[name]');
  if (!input) return;
  let started = false;
  on(context, input, 'focus', () => {
    if (started) return;
    started = true;
    void import('imask').then(({ default: IMask }) => {
      const masked = IMask(input, {
        mask: imaskPattern(mask),
        definitions: { a: /[\p{L}]/u, '*': /[\p{L}\d]/u },
      });
      context.cleanups.push(() => masked.destroy());
    });
  });
}

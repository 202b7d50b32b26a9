import { format } from '../../../platform/messages/format.ts';
import type { FieldOf } from '../../definition.ts';
import type { FormContext } from '../context.ts';
import { browserServices, loadPasswordScorer } from '../judge.ts';
import { uiTexts } from '../texts.ts';
import { describe, on } from './listen.ts';

/**
 * Seed 002 §3's password strength level: with a strength rule, @zxcvbn-ts (the same scorer as the
 * server's) loads when the field first takes focus, and a meter under the field tells the level.
 */
export function attachPassword(
  context: FormContext,
  field: FieldOf<'password'>,
  element: HTMLElement,
): void {
  if (field.strength_min === 0) return;
  const input = element.querySelector<HTMLInputElement>('input[type=password][name]');
  if (!input) return;
  const meter = element.ownerDocument.createElement('div');
  meter.className = 'wpforms-pass-strength-result';
  meter.id = `${input.id || `wpforms-password-${field.id}`}-strength`;
  meter.hidden = true;
  input.after(meter);
  describe(input, meter.id);
  const update = () => {
    if (input.value === '') {
      meter.hidden = true;
      return;
    }
    const score = browserServices.passwordScore(input.value);
    meter.hidden = false;
    meter.dataset.score = String(score);
    meter.textContent = format(uiTexts.passwordStrength, {
      level: uiTexts.passwordLevels[score] ?? '',
    });
  };
  on(context, input, 'focus', () => void loadPasswordScorer().then(update));
  on(context, input, 'input', update);
}

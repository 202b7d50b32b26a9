import { getJson } from '../../../platform/http/client.ts';
import type { FieldOf } from '../../definition.ts';
import { fieldName } from '../../wire.ts';
import type { FormContext } from '../context.ts';
import { formTexts, uiTexts } from '../texts.ts';
import { on } from './index.ts';

/**
 * The captcha field: ALTCHA proof of work. Ticking "I'm not a robot" fetches a signed challenge
 * from the shop, solves it (captcha-solver.ts, loaded then) and puts the payload in the field's
 * hidden input; the server verifies it and refuses a challenge used twice. After a refused submit
 * the check starts over (seed 002 §8: "the captcha is reset").
 */
export function attachCaptcha(
  context: FormContext,
  field: FieldOf<'captcha'>,
  element: HTMLElement,
): void {
  const doc = element.ownerDocument;
  const name = fieldName(field.id);
  const payload =
    element.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`) ??
    Object.assign(doc.createElement('input'), { type: 'hidden', name });
  if (!payload.isConnected) element.append(payload);
  payload.type = 'hidden';
  let box = element.querySelector<HTMLInputElement>('input.wpforms-captcha-check');
  if (!box) {
    const label = doc.createElement('label');
    label.className = 'wpforms-captcha-label';
    box = doc.createElement('input');
    box.type = 'checkbox';
    box.className = 'wpforms-captcha-check';
    label.append(box, ` ${formTexts.captchaLabel}`);
    element.append(label);
  }
  const check = box;
  let status = element.querySelector<HTMLElement>('.wpforms-captcha-status');
  if (!status) {
    status = doc.createElement('span');
    status.className = 'wpforms-captcha-status';
    status.setAttribute('role', 'status');
    check.closest('label')?.after(status);
  }
  const say = (text: string) => {
    if (status) status.textContent = text;
  };
  let run = 0;
  const reset = () => {
    run += 1;
    payload.value = '';
    check.checked = false;
    check.disabled = false;
    say('');
  };
  on(context, check, 'change', () => {
    if (!check.checked) return reset();
    const mine = ++run;
    check.disabled = true;
    say(uiTexts.captchaVerifying);
    void (async () => {
      try {
        const challenge = await getJson<import('altcha-lib').Challenge>(
          `${context.env.shopOrigin}/forms/altcha-challenge`,
        );
        if (!challenge.ok) throw new Error(`challenge: ${challenge.status}`);
        const { solveCaptcha } = await import('./captcha-solver.ts');
        const solved = await solveCaptcha(challenge.data);
        if (mine !== run) return;
        payload.value = solved;
        say(uiTexts.captchaVerified);
        element.classList.add('wpforms-captcha-verified');
        context.validateField(field.id);
      } catch (error) {
        console.error(error);
        if (mine !== run) return;
        reset();
        say(uiTexts.captchaFailed);
      } finally {
        if (mine === run) check.disabled = payload.value !== '';
      }
    })();
  });
  const onReset = () => {
    element.classList.remove('wpforms-captcha-verified');
    reset();
  };
  context.form.addEventListener('wpformsCaptchaReset', onReset);
  context.cleanups.push(() => context.form.removeEventListener('wpformsCaptchaReset', onReset));
}

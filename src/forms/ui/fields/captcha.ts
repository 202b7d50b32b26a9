import type { Challenge } from 'altcha-lib';
import { getJson } from '../../../platform/http/client.ts';
import type { FieldOf } from '../../definition.ts';
import { fieldName } from '../../wire.ts';
import type { FormContext } from '../context.ts';
import { uiTexts } from '../texts.ts';
import { on } from './listen.ts';

/**
 * The captcha field: ALTCHA proof of work, on the renderer's markup (its CaptchaField). Ticking
 * "I'm not a robot" fetches the field's signed challenge from the shop (`data-challenge-url`),
 * solves it (captcha-solver.ts, loaded then) and puts the payload in the field's hidden input;
 * the server verifies it and refuses a challenge used twice. After a refused submit the check
 * starts over (seed 002 §8: "the captcha is reset").
 */
export function attachCaptcha(
  context: FormContext,
  field: FieldOf<'captcha'>,
  element: HTMLElement,
): void {
  const payload = element.querySelector<HTMLInputElement>(
    `input[type=hidden][name="${CSS.escape(fieldName(field.id))}"]`,
  );
  const check = element.querySelector<HTMLInputElement>('input.wpforms-captcha-check');
  const status = element.querySelector<HTMLElement>('.wpforms-captcha-status');
  const challengeUrl = check?.dataset.challengeUrl;
  if (!payload || !check || !status || !challengeUrl) return;
  const say = (text: string) => {
    status.textContent = text;
  };
  let run = 0;
  const reset = () => {
    run += 1;
    payload.value = '';
    check.checked = false;
    check.disabled = false;
    element.classList.remove('wpforms-captcha-verified');
    say('');
  };
  on(context, check, 'change', () => {
    if (!check.checked) return reset();
    const mine = ++run;
    check.disabled = true;
    say(uiTexts.captchaVerifying);
    void (async () => {
      try {
        const challenge = await getJson<Challenge>(challengeUrl);
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
  context.form.addEventListener('wpformsCaptchaReset', reset);
  context.cleanups.push(() => context.form.removeEventListener('wpformsCaptchaReset', reset));
}

import { postForm } from '../../platform/http/client.ts';
import { uiTexts } from './texts.ts';
import type { FormContext } from './context.ts';
import { hiddenInput, submitButton, wire } from './dom.ts';

/**
 * Seed 002 §4 "Token refresh": when the form gains focus and its token is older than
 * `token_cache_lifetime`, the submit button is disabled, a new token is asked for
 * (`wpforms_get_token` with formId), then the button is enabled again, and clicked when it was
 * what took the focus. So a page kept in a cache for days still submits.
 */
export function watchToken(context: FormContext): void {
  const { form, settings } = context;
  if (!settings.antispam_token) return;
  const input = hiddenInput(form, wire.token);
  // When the token was issued (seconds): the form's data-token-time, else the token's own prefix.
  const issuedAt = () => Number(form.dataset.tokenTime) || Number(input.value.split('.')[0]) || 0;
  let updating = false;

  const onFocus = (event: FocusEvent) => {
    const now = Date.now();
    if (updating || now - issuedAt() * 1000 < settings.token_cache_lifetime * 1000) return;
    updating = true;
    const button = submitButton(form);
    const wasTarget = button !== null && event.target === button;
    if (button) button.disabled = true;
    postForm<{ success?: boolean; data?: { token?: string } }>(context.env.ajaxUrl, {
      action: 'wpforms_get_token',
      formId: context.definition.id,
    })
      .then((answer) => {
        const token = answer.data?.data?.token;
        if (!answer.ok || answer.data?.success !== true || typeof token !== 'string') {
          console.error(`${uiTexts.tokenUpdateFailed}: `, answer.data);
          return;
        }
        input.value = token;
        form.dataset.token = token;
        form.dataset.tokenTime = String(Math.floor(now / 1000));
        if (button) button.disabled = false;
        if (wasTarget) button.click();
      })
      .catch((error: unknown) => console.error(`${uiTexts.ajaxRequestFailed}: `, error))
      .finally(() => {
        updating = false;
        if (button) button.disabled = false;
      });
  };
  form.addEventListener('focusin', onFocus);
  context.cleanups.push(() => form.removeEventListener('focusin', onFocus));
}

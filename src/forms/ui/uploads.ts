import { uploadSizeError } from '../rules/engine.ts';
import type { FormContext } from './context.ts';
import { removeGeneralError, showGeneralError } from './errors.ts';
import { submitButton } from './dom.ts';

/**
 * Seed 002 §4 "Disabled submit button" and §5 "Uploads": while the chosen files together reach
 * `post_max_size`, the submit button is marked disabled (aria-disabled: it keeps its focus and
 * place in the tab order), presses are swallowed, a hidden explanation is linked to it and
 * `val_post_max_size` is shown with the sizes in MB. All is undone once the size is acceptable.
 */
export function watchUploadSize(context: FormContext): { blocked(): boolean; check(): void } {
  const { form, settings } = context;
  const explanationId = `wpforms-${context.definition.id}-submit-btn-disabled`;
  let blocked = false;

  const check = () => {
    const message = uploadSizeError(context.definition, context.values(), context.visible());
    const button = submitButton(form);
    blocked = message !== undefined;
    if (!button) return;
    let explanation = form.querySelector<HTMLElement>(`#${explanationId}`);
    if (blocked) {
      button.setAttribute('aria-disabled', 'true');
      button.classList.add('wpforms-disabled');
      if (!explanation) {
        explanation = form.ownerDocument.createElement('span');
        explanation.id = explanationId;
        explanation.className = 'wpforms-hidden';
        explanation.textContent = settings.submitBtnDisabled;
        button.after(explanation);
      }
      addDescription(button, explanationId);
      showGeneralError(form, 'post_max_size', message ?? '');
    } else {
      button.removeAttribute('aria-disabled');
      button.classList.remove('wpforms-disabled');
      explanation?.remove();
      removeDescription(button, explanationId);
      removeGeneralError(form, 'post_max_size');
    }
  };

  const swallow = (event: Event) => {
    const button = submitButton(form);
    if (!blocked || !button || !event.composedPath().includes(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  form.addEventListener('click', swallow, true);
  context.cleanups.push(() => form.removeEventListener('click', swallow, true));
  return { blocked: () => blocked, check };
}

function addDescription(element: Element, id: string): void {
  const ids = new Set((element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean));
  ids.add(id);
  element.setAttribute('aria-describedby', [...ids].join(' '));
}

function removeDescription(element: Element, id: string): void {
  const ids = (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((d) => d && d !== id);
  if (ids.length > 0) element.setAttribute('aria-describedby', ids.join(' '));
  else element.removeAttribute('aria-describedby');
}

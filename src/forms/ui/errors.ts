import { escapeHtml } from '../../platform/http/html.ts';
import { HAS_ERROR_CLASS, namedControls } from './dom.ts';

/**
 * Field errors under their inputs, and the general error boxes of seed 002 §8. A field error is
 * an `em.wpforms-error` after the input (after the group, for radios and checkboxes), linked by
 * `aria-describedby`, with the input marked `aria-invalid`.
 */

/** The inputs posted under a name (several for radios and checkboxes). */
function controlsNamed(form: HTMLFormElement, name: string): HTMLElement[] {
  return namedControls(form).filter((el) => el.name === name);
}

function errorId(form: HTMLFormElement, name: string): string {
  const first = controlsNamed(form, name)[0];
  // A choice's input is `{field input}_{n}`: the list's error is the field input's.
  const checkable = first instanceof HTMLInputElement && /^(radio|checkbox)$/.test(first.type);
  const id = checkable ? first.id.replace(/_\d+$/, '') : first?.id;
  const base = id || `${form.id || 'wpforms'}-${name.replace(/[^a-z0-9]+/gi, '-')}`;
  return `${base}-error`;
}

/** Where an error of this name goes: after the input, or after its list, row or picker row. */
function errorAnchor(controls: HTMLElement[]): HTMLElement | undefined {
  const first = controls[0];
  if (!first) return undefined;
  if (first instanceof HTMLInputElement && (first.type === 'radio' || first.type === 'checkbox'))
    return first.closest<HTMLElement>('ul, .wpforms-field-rating-items') ?? first;
  return (
    first.closest<HTMLElement>('.wpforms-field-picker, .wpforms-field-row-block, [role=group]') ??
    first
  );
}

export function showFieldError(form: HTMLFormElement, name: string, message: string): void {
  const controls = controlsNamed(form, name);
  const anchor = errorAnchor(controls);
  if (!anchor) return;
  const id = errorId(form, name);
  let error = form.querySelector<HTMLElement>(`#${CSS.escape(id)}`);
  if (!error) {
    error = form.ownerDocument.createElement('em');
    error.id = id;
    error.className = 'wpforms-error';
    anchor.after(error);
  }
  error.hidden = false;
  error.textContent = message;
  for (const el of controls) {
    el.setAttribute('aria-invalid', 'true');
    el.classList.add('wpforms-error');
    const described = new Set(
      (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean),
    );
    described.add(id);
    el.setAttribute('aria-describedby', [...described].join(' '));
  }
  anchor.closest('[data-field-id]')?.classList.add(HAS_ERROR_CLASS);
}

export function clearFieldError(form: HTMLFormElement, name: string): void {
  const id = errorId(form, name);
  const error = form.querySelector<HTMLElement>(`#${CSS.escape(id)}`);
  if (error) {
    error.hidden = true;
    error.textContent = '';
  }
  const controls = controlsNamed(form, name);
  for (const el of controls) {
    el.removeAttribute('aria-invalid');
    el.classList.remove('wpforms-error');
    const rest = (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter((d) => d && d !== id);
    if (rest.length > 0) el.setAttribute('aria-describedby', rest.join(' '));
    else el.removeAttribute('aria-describedby');
  }
  const field = controls[0]?.closest('[data-field-id]');
  if (field && !field.querySelector('em.wpforms-error:not([hidden])'))
    field.classList.remove(HAS_ERROR_CLASS);
}

/** Whether an error is shown for the inputs of this name. */
export function showsFieldError(form: HTMLFormElement, name: string): boolean {
  return controlsNamed(form, name).some((el) => el.getAttribute('aria-invalid') === 'true');
}

/**
 * Shows these errors of a field's inputs and clears its other inputs' errors; with `judges`, only
 * of the inputs it names (the others keep what they show).
 */
export function showFieldErrors(
  form: HTMLFormElement,
  field: HTMLElement,
  errors: Record<string, string>,
  judges?: (name: string) => boolean,
): void {
  const names = new Set(namedControls(field).map((el) => el.name));
  for (const name of names) {
    if (judges && !judges(name)) continue;
    const message = errors[name];
    if (message) showFieldError(form, name, message);
    else clearFieldError(form, name);
  }
}

export function clearAllErrors(form: HTMLFormElement): void {
  for (const name of new Set(namedControls(form).map((el) => el.name))) clearFieldError(form, name);
  for (const box of form.querySelectorAll('.wpforms-error-container, .wpforms-error-noscript'))
    box.remove();
}

export type GeneralPlace = 'header' | 'footer' | 'recaptcha' | 'string' | 'post_max_size';

/**
 * A general error box (seed 002 §8): header on top of the form, footer and string errors before
 * the submit area (string errors with the hidden prefix of modern markup), the captcha's message in
 * the captcha's field. Returns the box.
 */
export function showGeneralError(
  form: HTMLFormElement,
  place: GeneralPlace,
  message: string,
  options: { prefix?: string; html?: boolean; footerPage?: HTMLElement | null } = {},
): HTMLElement {
  form.querySelector(`.wpforms-error-container[data-place="${place}"]`)?.remove();
  const box = form.ownerDocument.createElement('div');
  box.className = `wpforms-error-container wpforms-error-container-${place}`;
  box.dataset.place = place;
  box.setAttribute('role', 'alert');
  const prefix = options.prefix
    ? `<span class="wpforms-hidden">${escapeHtml(options.prefix)}: </span>`
    : '';
  box.innerHTML = `<p>${prefix}${options.html ? message : escapeHtml(message)}</p>`;
  const submitArea = form.querySelector('.wpforms-submit-container');
  if (place === 'header') {
    form.prepend(box);
  } else if (place === 'recaptcha') {
    const captcha = form.querySelector('[data-field-type="captcha"]');
    if (captcha) captcha.append(box);
    else form.prepend(box);
  } else if (place === 'footer' && options.footerPage) {
    options.footerPage.append(box);
  } else if (submitArea) {
    submitArea.before(box);
  } else {
    form.append(box);
  }
  return box;
}

export function removeGeneralError(form: HTMLFormElement, place: GeneralPlace): void {
  form.querySelector(`.wpforms-error-container[data-place="${place}"]`)?.remove();
}

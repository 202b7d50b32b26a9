import { fieldName, PAGE_INDEX, PAGE_NAV, WIRE } from '../wire.ts';

/**
 * What the browser runtime needs of the renderer's markup (WPForms' own class names where it has
 * them), in one place. The renderer writes it on the server; React hydrates it on the form page,
 * Preact renders it in embed.js; the runtime attaches to it the same way in both.
 *
 * - `.wpforms-container` around the `form.wpforms-form[data-formid]`;
 * - each field in a `[data-field-id]` element (`.wpforms-field`), its inputs named as wire.ts says;
 * - each page in a `[data-page="{index}"]` element (0-based, as `formPages`), the hidden ones
 *   `hidden`; the Next / Previous buttons `button[name="wpforms[page_nav]"]` with value `next` /
 *   `prev` (they also post the page without JavaScript), the current page in `wpforms[page]`;
 * - the submit button `.wpforms-submit` in `.wpforms-submit-container`;
 * - the token in the hidden `wpforms[token]` input;
 * - the page indicator `.wpforms-page-indicator[data-indicator]` (WPForms' inner classes).
 */
export const PAGE_NAV_NAME = PAGE_NAV;
export const PAGE_INDEX_NAME = PAGE_INDEX;
export const SELECTED_CLASS = 'wpforms-selected';
export const HAS_ERROR_CLASS = 'wpforms-has-error';
export const CONDITIONAL_HIDE_CLASS = 'wpforms-conditional-hide';

export function containerOf(form: HTMLFormElement): HTMLElement {
  return form.closest<HTMLElement>('.wpforms-container') ?? form.parentElement ?? form;
}

export function fieldElements(form: HTMLFormElement): HTMLElement[] {
  return [...form.querySelectorAll<HTMLElement>('[data-field-id]')];
}

export function fieldElement(form: HTMLFormElement, fieldId: string): HTMLElement | null {
  return form.querySelector<HTMLElement>(`[data-field-id="${CSS.escape(fieldId)}"]`);
}

export function fieldIdOf(element: Element): string | undefined {
  return element.closest<HTMLElement>('[data-field-id]')?.dataset.fieldId;
}

export function pageElements(form: HTMLFormElement): HTMLElement[] {
  return [...form.querySelectorAll<HTMLElement>('[data-page]')];
}

export function submitButton(form: HTMLFormElement): HTMLButtonElement | null {
  return form.querySelector<HTMLButtonElement>('.wpforms-submit');
}

export function submitContainer(form: HTMLFormElement): HTMLElement | null {
  return form.querySelector<HTMLElement>('.wpforms-submit-container');
}

/** A named control of the form (the form's own `elements` know names with brackets). */
export function control(form: HTMLFormElement, name: string): HTMLInputElement | null {
  const found = form.elements.namedItem(name);
  if (found instanceof RadioNodeList) return (found[0] as HTMLInputElement | undefined) ?? null;
  return found instanceof HTMLInputElement ? found : null;
}

/** A hidden input of the form, made when the renderer did not write it. */
export function hiddenInput(form: HTMLFormElement, name: string): HTMLInputElement {
  const existing = control(form, name);
  if (existing) return existing;
  const input = form.ownerDocument.createElement('input');
  input.type = 'hidden';
  input.name = name;
  form.append(input);
  return input;
}

export const wire = { ...WIRE, fieldName };

/** Every control that posts a value under a name, inside an element. */
export function namedControls(
  root: ParentNode,
): (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[] {
  return [
    ...root.querySelectorAll<HTMLInputElement>('input[name], select[name], textarea[name]'),
  ].filter((el) => el.type !== 'hidden' || el.closest('[data-field-id]') !== null);
}

/** The visible text of an element for people (not screen readers only). */
export function setText(element: Element, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

export function dispatch<T>(
  target: EventTarget,
  type: string,
  detail: T,
  cancelable = false,
): boolean {
  return target.dispatchEvent(
    new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }),
  );
}

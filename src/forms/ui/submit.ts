import {
  FORM_SCROLL_OFFSET_GENERAL_PX,
  FORM_SUBMITTING_OPACITY,
} from '../../platform/constants/index.ts';
import { postMultipart } from '../../platform/http/client.ts';
import type { FormContext } from './context.ts';
import { announce } from './announce.ts';
import { hideConfirmationLater } from './confirmation.ts';
import { containerOf, dispatch, hiddenInput, pageElements, submitButton, wire } from './dom.ts';
import { clearAllErrors, showGeneralError } from './errors.ts';
import { scrollToElement } from './scroll.ts';
import { uiTexts } from './texts.ts';

/**
 * Seed 002 §7 call 1 and §8: the ajax submit. `POST ajaxurl` multipart with the whole form plus
 * action `wpforms_submit`, start_timestamp and end_timestamp; spinner and 0.6 dimming while it is on
 * its way; the answer replaces the form with its confirmation, redirects, or shows its errors.
 */
export interface SubmitAnswer {
  success?: boolean;
  data?: {
    action_required?: boolean;
    /** With action_required (a card's challenge): the intent to authenticate and its entry. */
    payment_intent_client_secret?: string;
    entry_id?: number;
    redirect_url?: string;
    new_tab?: boolean;
    confirmation?: string;
    errors?:
      | string
      | {
          general?: Partial<Record<'header' | 'footer' | 'recaptcha', string>> | string;
          field?: Record<string, unknown>;
        };
  };
}

export interface SubmitHooks {
  /** Shows server field errors (flattened) through the validator; returns the first invalid input. */
  showFieldErrors(errors: Record<string, string>): HTMLElement | undefined;
  /** Resets the captcha after a refused submit. */
  resetCaptcha(): void;
  /** Extra fields to post (the visitor id). */
  extraFields(): Record<string, string>;
  /** Last step before the post (a paying form makes its card's payment method); false stops it. */
  prepare?(body: FormData): Promise<boolean>;
}

export function startTimestamp(form: HTMLFormElement): HTMLInputElement {
  return hiddenInput(form, wire.startTimestamp);
}

/**
 * Seed 002 §4: the start timestamp is recorded once, at the first interaction (a focus, a press,
 * a key, an input); until then the form holds the second it was rendered, for posts without
 * JavaScript.
 */
export function recordStart(form: HTMLFormElement, atMs = Date.now()): void {
  const input = startTimestamp(form);
  if (input.dataset.recorded !== 'true') {
    input.value = String(Math.floor(atMs / 1000));
    input.dataset.recorded = 'true';
  }
}

/**
 * Whether the shopper was at the form before its script ran (a slow load): an input holds
 * something else than the page gave it, a choice was changed, or the focus is in the form.
 * (Selects are left out: the embed marks their chosen option without `defaultSelected`.)
 */
export function startedBeforeScript(form: HTMLFormElement): boolean {
  const root = form.getRootNode() as Document | ShadowRoot;
  if (root.activeElement && form.contains(root.activeElement)) return true;
  return [...form.elements].some((element) => {
    if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue;
    if (!(element instanceof HTMLInputElement) || element.type === 'hidden') return false;
    if (element.type === 'checkbox' || element.type === 'radio')
      return element.checked !== element.defaultChecked;
    if (element.type === 'file') return (element.files?.length ?? 0) > 0;
    return element.value !== element.defaultValue;
  });
}

export function recordEnd(form: HTMLFormElement): void {
  recordStart(form);
  hiddenInput(form, wire.endTimestamp).value = String(Math.floor(Date.now() / 1000));
}

/** Server field errors with nested ones flattened: `{ 3: { first: 'x' } }` -> `[3][first]`. */
export function flattenFieldErrors(errors: Record<string, unknown>): Record<string, string> {
  const flat: Record<string, string> = {};
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') flat[prefix] = value;
    else if (value && typeof value === 'object')
      for (const [key, inner] of Object.entries(value)) walk(`${prefix}[${key}]`, inner);
  };
  for (const [name, value] of Object.entries(errors)) {
    const base = /^\d+$/.test(name) ? `wpforms[fields][${name}]` : name;
    walk(base, value);
  }
  return flat;
}

export async function submitByAjax(context: FormContext, hooks: SubmitHooks): Promise<void> {
  const { form, settings } = context;
  const container = containerOf(form);
  const button = submitButton(form);
  const spinner = form.querySelector<HTMLElement>('.wpforms-submit-spinner');
  const buttonText = button?.textContent ?? '';
  let restore = true;
  const body = new FormData(form);
  body.set(wire.action, 'wpforms_submit');
  body.set(wire.pageUrl, window.location.href);
  for (const [name, value] of Object.entries(hooks.extraFields())) body.set(name, value);
  // The page's Next / Previous fields only mean something to the page's own post.
  body.delete('wpforms[page_nav]');

  if (button) {
    button.disabled = true;
    if (settings.submit_text_processing) button.textContent = settings.submit_text_processing;
  }
  if (spinner) spinner.hidden = false;
  form.setAttribute('aria-busy', 'true');
  container.style.opacity = String(FORM_SUBMITTING_OPACITY);
  dispatch(form, 'wpformsBeforeFormSubmit', {});

  try {
    if (hooks.prepare && !(await hooks.prepare(body))) return;
    const answer = await postMultipart<SubmitAnswer>(context.env.ajaxUrl, body);
    const data = answer.data;
    if (!data || typeof data !== 'object') {
      console.error(uiTexts.emptyResponse);
      dispatch(form, 'wpformsAjaxSubmitFailed', data);
      return;
    }
    if (data.success === true) {
      dispatch(form, 'wpformsAjaxSubmitSuccess', data);
      const next = data.data ?? {};
      if (next.action_required) {
        restore = false;
        dispatch(form, 'wpformsAjaxSubmitActionRequired', data);
        return;
      }
      if (next.redirect_url) {
        if (next.new_tab) {
          window.open(next.redirect_url, '_blank', 'noopener');
          showConfirmation(container, next.confirmation ?? '');
        } else {
          restore = false;
          window.location.assign(next.redirect_url);
        }
        return;
      }
      showConfirmation(container, next.confirmation ?? '');
      restore = false;
      return;
    }
    hooks.resetCaptcha();
    showErrors(context, hooks, data);
    dispatch(form, 'wpformsAjaxSubmitFailed', data);
  } catch (error) {
    console.error(`${uiTexts.ajaxSubmitError}: `, error);
    dispatch(form, 'wpformsAjaxSubmitError', { error });
    dispatch(form, 'wpformsAjaxSubmitFailed', { error });
  } finally {
    container.style.opacity = '';
    form.removeAttribute('aria-busy');
    if (spinner) spinner.hidden = true;
    if (restore && button) {
      button.disabled = false;
      button.textContent = buttonText;
    }
    dispatch(form, 'wpformsAjaxSubmitCompleted', {});
  }
}

export function showConfirmation(container: HTMLElement, html: string): void {
  const confirmation = container.ownerDocument.createElement('div');
  confirmation.className = 'wpforms-confirmation-container-full';
  confirmation.setAttribute('role', 'status');
  confirmation.tabIndex = -1;
  // The confirmation is the shop's own HTML (its text escaped on the server, submit-answer.ts).
  confirmation.innerHTML = html;
  container.replaceChildren(confirmation);
  void scrollToElement(confirmation, FORM_SCROLL_OFFSET_GENERAL_PX);
  confirmation.focus({ preventScroll: true });
  announce(container, confirmation.textContent ?? '');
  hideConfirmationLater(confirmation);
}

/** Seed 002 §8's refusals, each in its place; the form shows the first page holding an error. */
function showErrors(context: FormContext, hooks: SubmitHooks, answer: SubmitAnswer): void {
  const { form, settings } = context;
  clearAllErrors(form);
  const errors = answer.data?.errors;
  const pages = pageElements(form);
  const firstBox: HTMLElement[] = [];
  if (typeof errors === 'string' && errors !== '') {
    firstBox.push(
      showGeneralError(form, 'string', errors, {
        prefix: settings.isModernMarkupEnabled ? settings.formErrorMessagePrefix : undefined,
      }),
    );
  }
  const general = typeof errors === 'object' ? errors.general : undefined;
  if (typeof general === 'string' && general !== '') {
    firstBox.push(showGeneralError(form, 'string', general));
  } else if (general && typeof general === 'object') {
    if (general.header) firstBox.push(showGeneralError(form, 'header', general.header));
    if (general.footer) {
      // Seed 002 §8: before the submit area, or onto page 1 for multi-page forms.
      const footerPage = pages.length > 1 ? pages[0] : null;
      firstBox.push(showGeneralError(form, 'footer', general.footer, { footerPage }));
    }
    if (general.recaptcha) firstBox.push(showGeneralError(form, 'recaptcha', general.recaptcha));
  }
  const fields = typeof errors === 'object' && errors.field ? flattenFieldErrors(errors.field) : {};
  const firstInvalid = Object.keys(fields).length > 0 ? hooks.showFieldErrors(fields) : undefined;
  if (firstBox.length === 0 && !firstInvalid) {
    console.error(uiTexts.noErrorContent, answer);
    return;
  }
  // The first page holding an error: a field's, else a general box's.
  const target = firstInvalid ?? firstBox.find((box) => box.closest('[data-page]')) ?? firstBox[0];
  const page = target?.closest<HTMLElement>('[data-page]');
  if (page && pages.length > 1) context.showPage(Number(page.dataset.page));
  const scrollTarget = firstBox[0] ?? target;
  if (scrollTarget) void scrollToElement(scrollTarget, FORM_SCROLL_OFFSET_GENERAL_PX);
  const captcha = form.querySelector('[data-field-type="captcha"]');
  if (firstInvalid && !captcha) firstInvalid.focus({ preventScroll: true });
  const said = firstBox.map((box) => box.textContent).join(' ');
  announce(containerOf(form), said || (firstInvalid && fields[nameOf(firstInvalid)]) || '', true);
}

function nameOf(element: HTMLElement): string {
  return element.getAttribute('name') ?? '';
}

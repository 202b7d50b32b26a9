import {
  FORM_KEYUP_VALIDATION_DEBOUNCE_MS,
  FORM_PENDING_VALIDATION_RETRY_MS,
  FORM_SCROLL_OFFSET_PX,
} from '../../platform/constants/index.ts';
import type { FormDefinition, FormField } from '../definition.ts';
import { formPages, type FormPage } from '../form-pages.ts';
import { RETURN_PARAMS } from '../payments/payment-wire.ts';
import { partOfPayment } from '../payments/totals.ts';
import { fieldErrors, uploadSizeError } from '../rules/engine.ts';
import { visibleFieldIds } from '../rules/conditions.ts';
import { pageAfter } from '../rules/pages.ts';
import { emptyValue, fieldName, type FieldValues } from '../wire.ts';
import { announce } from './announce.ts';
import type { FormContext, RuntimeEnv } from './context.ts';
import {
  CONDITIONAL_HIDE_CLASS,
  PAGE_INDEX_NAME,
  PAGE_NAV_NAME,
  containerOf,
  dispatch,
  fieldElement,
  fieldIdOf,
  hiddenInput,
  namedControls,
  pageElements,
  submitButton,
  submitContainer,
} from './dom.ts';
import { showFieldError, showFieldErrors, showGeneralError, showsFieldError } from './errors.ts';
import { attachFields } from './fields/index.ts';
import type { FormPayments } from './fields/payments.ts';
import { formValues } from './form-values.ts';
import { stepText, updateIndicator } from './indicator.ts';
import { browserDefinition, browserServices, loadPasswordScorer } from './judge.ts';
import { restrictedEmails } from './restricted-email.ts';
import { scrollToElement } from './scroll.ts';
import { recordEnd, recordStart, startedBeforeScript, submitByAjax } from './submit.ts';
import { watchToken } from './token.ts';
import { watchUploadSize } from './uploads.ts';
import { visitorId } from './visitor-cookie.ts';

/**
 * The form in the browser (issue 12): one runtime attached to the renderer's markup (dom.ts),
 * running the one rule engine while the visitor types (key-up debounced 1000 ms), on Next and on
 * submit, with conditional logic live, pages, the ajax submit and the anti-spam parts. The same
 * code runs on the shop's form page (React) and inside embed.js's shadow root (Preact).
 */
export interface FormRuntime {
  detach(): void;
  context: FormContext;
}

const ENTER_NEXT_TYPES = new Set(['text', 'tel', 'number', 'email', 'url', 'radio', 'checkbox']);
const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

export function attachForm(
  form: HTMLFormElement,
  definition: FormDefinition,
  env: RuntimeEnv,
): FormRuntime {
  // Typed into before this script ran (a slow load): the shopper started at the page's load.
  if (startedBeforeScript(form)) recordStart(form, performance.timeOrigin);
  const judging = browserDefinition(definition);
  const settings = definition.settings;
  const byId = new Map(definition.fields.map((field) => [field.id, field]));
  const pages = formPages(definition);
  const pageEls = pageElements(form).sort(
    (a, b) => Number(a.dataset.page) - Number(b.dataset.page),
  );
  const cleanups: (() => void)[] = [];
  /** Fields a Next or Submit has judged: from then on they are judged as the visitor types. */
  const judged = new Set<string>();
  /** Inputs (by name) the visitor has left with something in them, or changed: judged likewise. */
  const touched = new Set<string>();
  const inPlay = (fieldId: string, name: string) =>
    judged.has(fieldId) || touched.has(name) || showsFieldError(form, name);
  const timers = new Map<string, number>();
  let visible = new Set<string>();
  let page = Math.max(
    0,
    pageEls.findIndex((el) => !el.hidden),
  );
  let submitting = false;

  /**
   * While a button is pressed anywhere on the page, errors wait for its release: an error coming
   * or going moves all that is below it, and a press released somewhere else is no click (a
   * press on Next leaves an input whose error goes, Next moves up, the release misses it).
   */
  const held: (() => void)[] = [];
  let pressed = false;
  let holding = false;
  const whenReleased = (judge: () => void) => {
    if (holding) held.push(judge);
    else judge();
  };
  const onPress = () => {
    pressed = true;
    holding = true;
  };
  const onRelease = () => {
    if (!pressed) return;
    pressed = false;
    // The click a release makes comes after it, in the same task.
    window.setTimeout(() => {
      if (pressed) return;
      holding = false;
      for (const judge of held.splice(0)) judge();
    }, 0);
  };

  const values = (): FieldValues => formValues(definition, form);
  const restricted = restrictedEmails({ definition, env });
  const paying = definition.fields.some(partOfPayment);
  /**
   * A paying form's own behaviour (fields/payments.ts), loaded apart like the heavy fields': for
   * the first page that shows a payment field, a submit, or the way back from a card challenge;
   * in embed.js with the payment fields' parts.
   */
  let paymentsLoading: Promise<FormPayments | undefined> | undefined;
  const loadPayments = () =>
    (paymentsLoading ??= Promise.all([
      import('./fields/payments.ts'),
      env.renderPaymentFields?.(),
    ]).then(([{ attachPayments }]) => (detached ? undefined : attachPayments(context))));
  /**
   * A page's fields get their behaviour when the page is first shown: a later page's heavy fields
   * (payment fields included) load only once it is reached, and Next waits for them.
   */
  const attachedPages = new Map<number, Promise<unknown>>();
  const attachPage = (index: number) => {
    let attached = attachedPages.get(index);
    if (!attached) {
      const fields = pages[index]?.fields ?? [];
      attached = Promise.all([
        attachFields(context, fields, () => detached),
        fields.some(partOfPayment) ? loadPayments() : undefined,
      ]);
      attachedPages.set(index, attached);
    }
    return attached;
  };

  const validateField = (fieldId: string, left?: readonly string[]): Record<string, string> => {
    const field = byId.get(fieldId);
    const element = fieldElement(form, fieldId);
    if (!field || !element) return {};
    if (!visible.has(fieldId)) {
      showFieldErrors(form, element, {});
      return {};
    }
    for (const name of left ?? []) touched.add(name);
    const current = values();
    const errors = fieldErrors(judging, field, current[fieldId] ?? emptyValue(), browserServices);
    if (field.type === 'email' && field.filter_type !== 'none') {
      const name = field.confirmation ? fieldName(field.id, 'primary') : fieldName(field.id);
      const email = field.confirmation
        ? (current[fieldId]?.parts.primary ?? '')
        : (current[fieldId]?.values.at(-1) ?? '');
      if (!errors[name] && email !== '') {
        const allowed = restricted.allowed(field.id, email, () => validateField(fieldId, left));
        if (allowed === false) errors[name] = settings.val_email_restricted;
      }
    }
    showFieldErrors(form, element, errors, left && ((name) => inPlay(fieldId, name)));
    return errors;
  };

  const applyVisibility = () => {
    visible = visibleFieldIds(definition, values());
    for (const element of form.querySelectorAll<HTMLElement>('[data-field-id]')) {
      const id = element.dataset.fieldId ?? '';
      if (!byId.has(id)) continue;
      const show = visible.has(id);
      if (element.hidden === !show) continue;
      element.hidden = !show;
      element.classList.toggle(CONDITIONAL_HIDE_CLASS, !show);
      if (!show) showFieldErrors(form, element, {});
    }
  };

  const context: FormContext = {
    form,
    container: containerOf(form),
    definition,
    settings,
    env,
    values,
    visible: () => visible,
    pending: () => restricted.pending(),
    validateField,
    refresh: () => {
      applyVisibility();
      uploads.check();
    },
    showPage: (index) => showPage(index),
    currentPage: () => page,
    pageCount: () => pages.length,
    cleanups,
  };
  const uploads = watchUploadSize(context);

  function showPage(index: number): void {
    page = Math.min(Math.max(index, 0), pages.length - 1);
    void attachPage(page);
    for (const element of pageEls) element.hidden = Number(element.dataset.page) !== page;
    if (pageEls.length > 0) hiddenInput(form, PAGE_INDEX_NAME).value = String(page);
    showPageButtons(form, pages, page);
    updateIndicator(
      form,
      page,
      pages.map((p) => p.title),
      settings.indicatorStepsPattern,
      settings.page_indicator.color,
    );
  }

  /** Judges the given fields (waiting for remote checks); returns the first invalid input. */
  async function judgeFields(fields: readonly FormField[]): Promise<HTMLElement | undefined> {
    while (restricted.pending() > 0) await sleep(FORM_PENDING_VALIDATION_RETRY_MS);
    if (fields.some((f) => f.type === 'password' && f.strength_min > 0)) await loadPasswordScorer();
    let first: HTMLElement | undefined;
    for (const field of fields) {
      judged.add(field.id);
      const errors = validateField(field.id);
      if (restricted.pending() > 0) return judgeFields(fields);
      const name = Object.keys(errors)[0];
      if (name && !first) first = firstControl(form, name);
    }
    return first;
  }

  async function navigate(direction: 'next' | 'prev'): Promise<void> {
    const from = page;
    // Seed 002 §4: Previous does not validate, not even the input the press on it left.
    if (direction === 'prev') held.length = 0;
    if (direction === 'next') {
      const fields = (pages[from]?.fields ?? []).filter(
        (f) => visible.has(f.id) && !f.skip_page_validation,
      );
      const invalid = await judgeFields(fields);
      if (invalid) {
        await focusError(invalid);
        return;
      }
    }
    const target = pageAfter(judging, values(), from, direction === 'next' ? 1 : -1);
    if (target === from) return;
    await attachPage(target);
    if (!dispatch(form, 'wpformsBeforePageChange', { page: target, action: direction }, true))
      return;
    showPage(target);
    void scrollToElement(form, FORM_SCROLL_OFFSET_PX);
    dispatch(form, 'wpformsPageChange', { page: target, action: direction });
    const title = pages[target]?.title ?? '';
    const step = stepText(settings.indicatorStepsPattern, target, pages.length);
    announce(context.container, title ? `${step}: ${title}` : step);
    const first = pageEls[target]?.querySelector<HTMLElement>(
      'input:not([type=hidden]):not([disabled]), select, textarea',
    );
    first?.focus({ preventScroll: true });
  }

  async function focusError(input: HTMLElement): Promise<void> {
    const field = input.closest('[data-field-id]') ?? input;
    await scrollToElement(field, FORM_SCROLL_OFFSET_PX);
    input.focus({ preventScroll: true });
  }

  async function submit(): Promise<void> {
    if (submitting) return;
    submitting = true;
    try {
      recordEnd(form);
      const shown = definition.fields.filter((f) => visible.has(f.id));
      const invalid = await judgeFields(shown);
      const tooLarge = uploadSizeError(definition, values(), visible);
      if (tooLarge) showGeneralError(form, 'post_max_size', tooLarge);
      if (invalid) {
        const holder = invalid.closest<HTMLElement>('[data-page]');
        if (holder && pageEls.length > 1) showPage(Number(holder.dataset.page));
        await focusError(invalid);
        return;
      }
      if (tooLarge) return;
      const payments = paying ? await loadPayments() : undefined;
      if (!settings.ajax_submit) {
        // Seed 002 §7 call 3: a normal post, the timestamps in hidden fields.
        HTMLFormElement.prototype.submit.call(form);
        return;
      }
      await submitByAjax(context, {
        showFieldErrors: (errors) => showServerErrors(errors),
        resetCaptcha: () => dispatch(form, 'wpformsCaptchaReset', {}),
        prepare: payments ? (body) => payments.prepare(body) : undefined,
        extraFields: (): Record<string, string> => {
          const id = visitorId(document, {
            consent: env.consent,
            uuidCookie: settings.uuid_cookie,
            secure: env.secure,
          });
          return id ? { _wpfuuid: id } : {};
        },
      });
    } finally {
      submitting = false;
    }
  }

  function showServerErrors(errors: Record<string, string>): HTMLElement | undefined {
    for (const [name, message] of Object.entries(errors)) showFieldError(form, name, message);
    const names = new Set(Object.keys(errors));
    return namedControls(form).find((el) => names.has(el.name) && el.type !== 'hidden');
  }

  // Events, delegated from the form (its inputs may be re-rendered by React or Preact).
  const onInteraction = () => recordStart(form);
  const onInput = (event: Event) => {
    recordStart(form);
    const target = event.target as HTMLInputElement;
    const fieldId = fieldIdOf(target);
    context.refresh();
    if (!fieldId || !target.name) return;
    const checkable = target.type === 'checkbox' || target.type === 'radio';
    if (
      event.type === 'change' &&
      (checkable || target.tagName === 'SELECT' || target.type === 'file')
    )
      validateField(fieldId, namesJudgedWith(target));
  };
  const onKeyUp = (event: KeyboardEvent) => {
    const target = event.target as HTMLInputElement;
    const fieldId = fieldIdOf(target);
    if (!fieldId || !target.name || ['Tab', 'Shift', 'Enter', 'Escape'].includes(event.key)) return;
    const names = namesJudgedWith(target);
    window.clearTimeout(timers.get(target.name));
    timers.set(
      target.name,
      window.setTimeout(
        () =>
          whenReleased(() => {
            if (names.some((name) => inPlay(fieldId, name))) validateField(fieldId, names);
          }),
        FORM_KEYUP_VALIDATION_DEBOUNCE_MS,
      ),
    );
  };
  /**
   * Leaving an input judges that input (its group's, for a date's dropdowns), not the rest of its
   * field: an address's City is not required before the shopper reached it. Choices are judged
   * when they change, not when left (leaving untouched radios marks nothing).
   */
  const onFocusOut = (event: FocusEvent) => {
    const target = event.target as HTMLInputElement;
    const fieldId = fieldIdOf(target);
    if (!fieldId || !target.name || target.type === 'checkbox' || target.type === 'radio') return;
    const names = namesJudgedWith(target);
    if ((target.value ?? '') === '' && !names.some((name) => inPlay(fieldId, name))) return;
    whenReleased(() => validateField(fieldId, names));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLInputElement;
    if (event.key !== 'Enter' || pages.length < 2 || !target.name) return;
    if (target.tagName !== 'INPUT' || !ENTER_NEXT_TYPES.has(target.type)) return;
    event.preventDefault();
    if (page === pages.length - 1) void submit();
    else void navigate('next');
  };
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest<HTMLButtonElement>(
      `button[name="${PAGE_NAV_NAME}"]`,
    );
    if (!button || !form.contains(button)) return;
    event.preventDefault();
    void navigate(button.value === 'prev' ? 'prev' : 'next');
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const submitter = event.submitter as HTMLButtonElement | null;
    if (submitter?.name === PAGE_NAV_NAME) {
      void navigate(submitter.value === 'prev' ? 'prev' : 'next');
      return;
    }
    if (uploads.blocked()) return;
    void submit();
  };
  const listeners: [string, EventListener][] = [
    ['focusin', onInteraction],
    ['pointerdown', onInteraction],
    ['keydown', onInteraction],
    ['input', onInput],
    ['change', onInput],
    ['keyup', onKeyUp as EventListener],
    ['focusout', onFocusOut as EventListener],
    ['keydown', onKeyDown as EventListener],
    ['click', onClick as EventListener],
    ['submit', onSubmit as EventListener],
  ];
  // Presses anywhere on the page: content below the form moves with it too.
  const pageListeners: [string, EventListener][] = [
    ['pointerdown', onPress],
    ['mousedown', onPress],
    ['pointerup', onRelease],
    ['mouseup', onRelease],
    ['pointercancel', onRelease],
    ['dragend', onRelease],
  ];
  for (const [type, listener] of listeners) form.addEventListener(type, listener);
  for (const [type, listener] of pageListeners) window.addEventListener(type, listener, true);
  cleanups.push(() => {
    for (const [type, listener] of listeners) form.removeEventListener(type, listener);
    for (const [type, listener] of pageListeners) window.removeEventListener(type, listener, true);
    for (const timer of timers.values()) window.clearTimeout(timer);
    held.length = 0;
  });

  let detached = false;
  cleanups.push(() => {
    detached = true;
  });
  const backFromChallenge =
    new URLSearchParams(window.location.search).get(RETURN_PARAMS.form) === definition.id;
  const fieldsReady = Promise.all([
    attachPage(page),
    backFromChallenge ? loadPayments() : undefined,
  ]);
  watchToken(context);
  applyVisibility();
  if (pageEls.length > 0) showPage(page);
  uploads.check();
  for (const button of form.querySelectorAll<HTMLButtonElement>('.wpforms-page-button'))
    button.disabled = false;
  // Ready once the page's fields behave (those loaded apart included): `.wpforms-js`, the event.
  void fieldsReady.then(() => {
    if (detached) return;
    form.classList.add('wpforms-js');
    dispatch(form, 'wpformsReady', { formId: definition.id });
  });
  return {
    context,
    detach() {
      for (const undo of cleanups.splice(0).reverse()) undo();
    },
  };
}

/**
 * The one set of Previous / Next / Submit buttons (seed 002 §2): Previous from the second page,
 * Next until the last, Submit on the last; each with its page break's own label.
 */
function showPageButtons(form: HTMLFormElement, pages: FormPage[], page: number): void {
  if (pages.length < 2) return;
  const last = page === pages.length - 1;
  const area = submitContainer(form);
  const prev = area?.querySelector<HTMLButtonElement>(
    `button[name="${PAGE_NAV_NAME}"][value=prev]`,
  );
  const next = area?.querySelector<HTMLButtonElement>(
    `button[name="${PAGE_NAV_NAME}"][value=next]`,
  );
  const submit = submitButton(form);
  if (prev) {
    prev.hidden = page === 0;
    const label = pages[page - 1]?.pagebreak?.prev;
    if (label) prev.textContent = label;
  }
  if (next) {
    next.hidden = last;
    const label = pages[page]?.pagebreak?.next;
    if (label) next.textContent = label;
  }
  if (submit) submit.hidden = !last;
}

/** The names judged with an input's: its own, or those of its group (a date's dropdowns). */
function namesJudgedWith(input: HTMLInputElement): string[] {
  const group = input.closest<HTMLElement>('[role=group]');
  const names = group ? namedControls(group).map((el) => el.name) : [];
  return names.includes(input.name) ? [...new Set(names)] : [input.name];
}

function firstControl(form: HTMLFormElement, name: string): HTMLElement | undefined {
  return namedControls(form).find((el) => el.name === name && el.type !== 'hidden');
}

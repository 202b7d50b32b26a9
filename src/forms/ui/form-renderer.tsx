import type { CSSProperties, ReactNode } from 'react';
import { format, messages } from '../../platform/messages/index.ts';
import { formatAmount } from '../../platform/money/amount-style.ts';
import type { AddressLists } from '../address-lists.ts';
import type { Choice, FieldOf, FormDefinition, FormField } from '../definition.ts';
import { formPages } from '../form-pages.ts';
import { amountStyle } from '../payments/totals.ts';
import { visibleFieldIds } from '../rules/conditions.ts';
import { CardField, CouponField, QuantitySelect, TotalField } from './payment-fields.tsx';
import { allowedExtensions, choiceValue } from '../rules/engine.ts';
import { characterCount, wordCount } from '../rules/field-rules.ts';
import {
  fieldName,
  fileInputName,
  listName,
  PAGE_INDEX,
  PAGE_NAV,
  readFieldValues,
  WIRE,
  type FieldValues,
} from '../wire.ts';

/**
 * The one form renderer (issue 12): a form's definition and state in, accessible HTML out, one
 * page at a time. The form page server-renders it, and it works as it is without JavaScript: it
 * posts to its page with the timestamps, Next and Previous post too, and the answers and errors
 * come back in its props. The embed (embed.js) renders the same component.
 */
export interface FormState {
  /** The page shown (0-based). */
  page: number;
  /** The answers so far, as posted (wire.ts names); none on a fresh form. */
  entries: [string, string][];
  /** Field errors by input name. */
  errors: Record<string, string>;
  general: { header: string; footer: string; recaptcha: string };
  /** The confirmation (HTML from submit-answer.ts), shown in place of the form. */
  confirmation?: string | undefined;
}

export interface FormRendererProps {
  form: FormDefinition;
  state: FormState;
  /** Where the form posts (its own page without JavaScript). */
  action: string;
  token: string;
  /** The second the form was rendered (the start timestamp until the visitor first interacts). */
  startTimestamp: number;
  pageUrl: string;
  challengeUrl: string;
  /** An address field's countries and states (address-lists.ts); none for a form without one. */
  addressLists?: AddressLists | undefined;
  /**
   * With JavaScript (the hydrated page, embed.js): every page is rendered, each in its
   * `[data-page]` element, with one set of Previous / Next / Submit buttons that the browser
   * runtime (runtime.ts) shows as the page requires. Without it, only the current page.
   */
  enhanced?: boolean;
}

export const emptyFormState: FormState = {
  page: 0,
  entries: [],
  errors: {},
  general: { header: '', footer: '', recaptcha: '' },
};

const FIELD_ENTRY = /^wpforms\[(?:fields|quantities)\]\[(\d{1,6})\]/;

export function FormRenderer(props: FormRendererProps) {
  const { form, state } = props;
  const style = cssVariables(form);
  if (state.confirmation !== undefined) {
    return (
      <div className="wpforms-container" id={`wpforms-${form.id}`} style={style}>
        <div
          className="wpforms-confirmation-container"
          role="status"
          tabIndex={-1}
          dangerouslySetInnerHTML={{ __html: state.confirmation }}
        />
      </div>
    );
  }
  const pages = formPages(form);
  const pageIndex = Math.min(Math.max(state.page, 0), pages.length - 1);
  const page = pages[pageIndex]!;
  const values = withDefaults(
    form,
    readFieldValues(form, state.entries),
    state.entries.length === 0,
  );
  const visible = visibleFieldIds(form, values);
  const enhanced = props.enhanced === true;
  const onPage = new Set((enhanced ? form.fields : page.fields).map((f) => f.id));
  const carried = state.entries.filter(([name]) => {
    const id = FIELD_ENTRY.exec(name)?.[1];
    return id !== undefined && !onPage.has(id);
  });
  const context: FieldContext = {
    form,
    values,
    errors: state.errors,
    challengeUrl: props.challengeUrl,
    addressLists: props.addressLists,
  };
  const last = pageIndex === pages.length - 1;
  const titleId = `wpforms-${form.id}-title`;

  return (
    <div className="wpforms-container" id={`wpforms-${form.id}`} style={style}>
      <form
        id={`wpforms-form-${form.id}`}
        className="wpforms-form"
        method="post"
        action={props.action}
        encType="multipart/form-data"
        noValidate
        aria-labelledby={titleId}
        data-formid={form.id}
        data-token={props.token}
        data-token-time={props.startTimestamp}
      >
        <h1 id={titleId} className="wpforms-title">
          {form.title}
        </h1>
        {form.description && <p className="wpforms-description">{form.description}</p>}
        <GeneralError text={state.general.header} />
        {pages.length > 1 && (
          <PageIndicator form={form} pages={pages.map((p) => p.title)} current={pageIndex} />
        )}
        <input type="hidden" name={WIRE.formId} value={form.id} />
        <input type="hidden" name={WIRE.token} value={props.token} />
        <input type="hidden" name={WIRE.startTimestamp} value={props.startTimestamp} />
        <input type="hidden" name={WIRE.endTimestamp} value="" />
        <input type="hidden" name={WIRE.pageUrl} value={props.pageUrl} />
        <input type="hidden" name={PAGE_INDEX} value={pageIndex} />
        {carried.map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <div className="wpforms-field-container">
          {(enhanced ? pages : [page]).map((shown) => (
            <div
              key={shown.index}
              className={`wpforms-page wpforms-page-${shown.index + 1}`}
              data-page={shown.index}
              hidden={shown.index !== pageIndex || undefined}
            >
              {shown.fields.map((field) => (
                <FieldBlock
                  key={field.id}
                  field={field}
                  hidden={!visible.has(field.id)}
                  context={context}
                />
              ))}
            </div>
          ))}
          {form.settings.honeypot && <Honeypot formId={form.id} />}
        </div>
        <GeneralError text={state.general.recaptcha} />
        <GeneralError text={state.general.footer} />
        <div className="wpforms-submit-container">
          {(pageIndex > 0 || (enhanced && pages.length > 1)) && (
            <button
              type="submit"
              name={PAGE_NAV}
              value="prev"
              className="wpforms-page-button wpforms-page-prev"
              formNoValidate
            >
              {pages[Math.max(pageIndex - 1, 0)]!.pagebreak?.prev ?? messages.forms.previous}
            </button>
          )}
          {enhanced && pages.length > 1 && (
            <button
              type="submit"
              name={PAGE_NAV}
              value="next"
              className="wpforms-page-button wpforms-page-next"
            >
              {page.pagebreak?.next ?? messages.forms.next}
            </button>
          )}
          {last || enhanced ? (
            <>
              <button
                type="submit"
                name="wpforms[submit]"
                value="wpforms-submit"
                className="wpforms-submit"
                data-alt-text={form.settings.submit_text_processing}
              >
                {form.settings.submit_text}
              </button>
              {enhanced && <span className="wpforms-submit-spinner" hidden aria-hidden="true" />}
            </>
          ) : (
            <button
              type="submit"
              name={PAGE_NAV}
              value="next"
              className="wpforms-page-button wpforms-page-next"
            >
              {page.pagebreak?.next ?? messages.forms.next}
            </button>
          )}
        </div>
      </form>
    </div>
  );
}

function cssVariables(form: FormDefinition): CSSProperties {
  return Object.fromEntries(
    Object.entries(form.settings.css_vars).map(([name, value]) => [`--wpforms-${name}`, value]),
  ) as CSSProperties;
}

function GeneralError({ text }: { text: string }) {
  if (!text) return null;
  return (
    <div className="wpforms-error-container" role="alert">
      <p>{text}</p>
    </div>
  );
}

/**
 * Seed 002 §2's indicators: progress (bar, step text, page title); circles (a numbered circle per
 * page); connector (the pages as one bar of joined steps, with a triangle under the current one).
 * Circles and connector mark the current page active and colour its number, connector its
 * triangle too, in the indicator's colour (`page_indicator.color`, else the page break colour).
 */
function PageIndicator({
  form,
  pages,
  current,
}: {
  form: FormDefinition;
  pages: string[];
  current: number;
}) {
  const { style, color } = form.settings.page_indicator;
  if (style === 'none') return null;
  const colour = (color ? { '--wpforms-page-break-color': color } : undefined) as
    CSSProperties | undefined;
  const steps = format(form.settings.indicatorStepsPattern, {
    current: current + 1,
    total: pages.length,
  });
  if (style === 'progress') {
    const percent = Math.round(((current + 1) / pages.length) * 100);
    return (
      <div className="wpforms-page-indicator progress" data-indicator="progress" style={colour}>
        <p className="wpforms-page-indicator-page-title">
          <span className="wpforms-page-indicator-page-title-text" hidden={!pages[current]}>
            {pages[current]}
          </span>
          <span
            className="wpforms-page-indicator-page-title-sep"
            aria-hidden="true"
            hidden={!pages[current]}
          >
            {' '}
            /{' '}
          </span>
          <span className="wpforms-page-indicator-steps">{steps}</span>
        </p>
        <div
          className="wpforms-page-indicator-page-progress-wrap"
          role="progressbar"
          aria-label={steps}
          aria-valuemin={1}
          aria-valuemax={pages.length}
          aria-valuenow={current + 1}
        >
          <div className="wpforms-page-indicator-page-progress" style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  }
  return (
    <ol
      className={`wpforms-page-indicator ${style}`}
      aria-label={steps}
      data-indicator={style}
      style={colour}
    >
      {pages.map((title, i) => (
        <li
          key={i}
          className={`wpforms-page-indicator-page${i === current ? ' active' : ''}`}
          aria-current={i === current ? 'step' : undefined}
        >
          <span className="wpforms-page-indicator-page-number">{i + 1}</span>
          {style === 'connector' && (
            <span className="wpforms-page-indicator-page-triangle" aria-hidden="true" />
          )}
          {title && <span className="wpforms-page-indicator-page-title">{title}</span>}
        </li>
      ))}
    </ol>
  );
}

/** A field robots fill and people never see (seed 002 §1's honeypot). */
function Honeypot({ formId }: { formId: string }) {
  const id = `wpforms-${formId}-field-hp`;
  return (
    <div className="wpforms-field wpforms-field-hp" aria-hidden="true">
      <label htmlFor={id}>{messages.forms.honeypotLabel}</label>
      <input
        type="text"
        id={id}
        name={WIRE.honeypot}
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}

interface FieldContext {
  form: FormDefinition;
  values: FieldValues;
  errors: Record<string, string>;
  challengeUrl: string;
  addressLists: AddressLists | undefined;
}

/**
 * The answers shown: what was posted, and the defaults of fields nothing was posted for (on a
 * fresh form every field's; later only single-valued ones, as an unticked box posts nothing).
 */
function withDefaults(form: FormDefinition, posted: FieldValues, fresh: boolean): FieldValues {
  const defaults = defaultValues(form);
  const values = { ...posted };
  for (const field of form.fields) {
    const many = field.type === 'checkbox' || (field.type === 'select' && field.multiple);
    if (values[field.id] === undefined && defaults[field.id] && (fresh || !many)) {
      values[field.id] = defaults[field.id]!;
    }
  }
  return values;
}

/** The answers a new form starts with: default values and default choices. */
function defaultValues(form: FormDefinition): FieldValues {
  const values: FieldValues = {};
  for (const field of form.fields) {
    const chosen =
      'choices' in field ? field.choices.filter((c: Choice) => c.default).map(choiceValue) : [];
    const initial =
      'default_value' in field && field.default_value ? [field.default_value] : chosen;
    if (initial.length > 0) values[field.id] = { values: initial, parts: {}, files: [] };
  }
  return values;
}

const inputId = (form: FormDefinition, fieldId: string, part?: string) =>
  `wpforms-${form.id}-field_${fieldId}${part ? `-${part}` : ''}`;

function FieldBlock({
  field,
  hidden,
  context,
}: {
  field: FormField;
  hidden: boolean;
  context: FieldContext;
}) {
  if (field.type === 'pagebreak') return null;
  if (field.type === 'hidden') {
    const value = context.values[field.id]?.values.at(-1) ?? field.default_value;
    return <input type="hidden" name={fieldName(field.id)} value={value} />;
  }
  const classes = [
    'wpforms-field',
    `wpforms-field-${field.type}`,
    `wpforms-field-${field.size}`,
    field.css,
    Object.keys(context.errors).some(
      (name) => FIELD_ENTRY.exec(name)?.[1] === field.id || name.endsWith(`_${field.id}`),
    )
      ? 'wpforms-has-error'
      : '',
  ].filter(Boolean);
  return (
    <div
      className={classes.join(' ')}
      id={`wpforms-${context.form.id}-field_${field.id}-container`}
      data-field-id={field.id}
      data-field-type={field.type}
      hidden={hidden || undefined}
    >
      <FieldBody field={field} context={context} />
    </div>
  );
}

function Label({ htmlFor, field, text }: { htmlFor: string; field: FormField; text?: string }) {
  return (
    <label className="wpforms-field-label" htmlFor={htmlFor}>
      {text ?? field.label}
      {field.required && <Required />}
    </label>
  );
}

function Required() {
  return (
    <abbr className="wpforms-required-label" title={messages.forms.requiredMark}>
      {' *'}
    </abbr>
  );
}

function Legend({ field }: { field: FormField }) {
  return (
    <legend className="wpforms-field-label">
      {field.label}
      {field.required && <Required />}
    </legend>
  );
}

function Description({ id, text }: { id: string; text: string }) {
  return text ? (
    <div className="wpforms-field-description" id={id}>
      {text}
    </div>
  ) : null;
}

function ErrorText({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <em className="wpforms-error" id={id} role="alert">
      {text}
    </em>
  ) : null;
}

/** An input's accessible wiring: its description and its error, when there is one. */
function described(id: string, descriptionId: string | undefined, error: string | undefined) {
  const ids = [descriptionId, error ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return {
    'aria-describedby': ids || undefined,
    'aria-invalid': error ? true : undefined,
  } as const;
}

function FieldBody({ field, context }: { field: FormField; context: FieldContext }): ReactNode {
  const { form, values, errors } = context;
  const id = inputId(form, field.id);
  const value = values[field.id];
  const one = value?.values.at(-1) ?? '';
  const descriptionId = field.description ? `${id}-description` : undefined;
  const description = <Description id={`${id}-description`} text={field.description} />;
  const simple = (input: ReactNode, name = fieldName(field.id)) => (
    <>
      <Label htmlFor={id} field={field} />
      {input}
      {description}
      <ErrorText id={`${id}-error`} text={errors[name]} />
    </>
  );
  const common = (name: string) => ({
    id,
    name,
    'aria-required': field.required || undefined,
    ...described(id, descriptionId, errors[name]),
  });

  switch (field.type) {
    case 'text':
      return simple(
        <input
          type="text"
          {...common(fieldName(field.id))}
          defaultValue={one}
          placeholder={field.placeholder || field.input_mask || undefined}
          data-input-mask={field.input_mask || undefined}
          data-text-limit={field.limit_enabled ? field.limit_count : undefined}
          data-limit-mode={field.limit_enabled ? field.limit_mode : undefined}
        />,
      );
    case 'textarea':
      return simple(
        <>
          <textarea
            {...common(fieldName(field.id))}
            defaultValue={one}
            placeholder={field.placeholder || undefined}
            rows={field.size === 'large' ? 10 : 5}
            data-text-limit={field.limit_enabled ? field.limit_count : undefined}
            data-limit-mode={field.limit_enabled ? field.limit_mode : undefined}
          />
          {field.limit_enabled && (
            <div className="wpforms-field-limit-text" id={`${id}-limit`}>
              {format(
                field.limit_mode === 'words'
                  ? form.settings.val_limit_words
                  : form.settings.val_limit_characters,
                {
                  count: field.limit_mode === 'words' ? wordCount(one) : characterCount(one),
                  limit: field.limit_count,
                },
              )}
            </div>
          )}
        </>,
      );
    case 'email':
    case 'password': {
      const type = field.type;
      const autoComplete = type === 'email' ? 'email' : 'new-password';
      if (!field.confirmation) {
        return simple(
          <input
            type={type}
            {...common(fieldName(field.id))}
            defaultValue={type === 'email' ? one : undefined}
            placeholder={field.placeholder || undefined}
            autoComplete={autoComplete}
          />,
        );
      }
      const second =
        field.confirmation_label ||
        (type === 'email' ? messages.forms.confirmEmail : messages.forms.confirmPassword);
      return (
        <fieldset>
          <Legend field={field} />
          <SubInput
            context={context}
            field={field}
            part="primary"
            label={field.label}
            type={type}
            autoComplete={autoComplete}
            keep={type === 'email'}
          />
          <SubInput
            context={context}
            field={field}
            part="secondary"
            label={second}
            type={type}
            autoComplete={autoComplete}
            keep={type === 'email'}
          />
          {description}
        </fieldset>
      );
    }
    case 'number':
      return simple(
        <input
          type="number"
          inputMode="decimal"
          {...common(fieldName(field.id))}
          defaultValue={one}
          min={field.min}
          max={field.max}
          step={field.step ?? 'any'}
          placeholder={field.placeholder || undefined}
        />,
      );
    case 'url':
      return simple(
        <input
          type="url"
          {...common(fieldName(field.id))}
          defaultValue={one}
          placeholder={field.placeholder || undefined}
        />,
      );
    case 'phone':
      return simple(
        <input
          type="tel"
          {...common(fieldName(field.id))}
          defaultValue={one}
          autoComplete="tel"
          placeholder={field.placeholder || (field.format === 'us' ? '(999) 999-9999' : undefined)}
        />,
      );
    case 'name':
      if (field.format === 'simple') {
        return simple(
          <input
            type="text"
            {...common(fieldName(field.id))}
            defaultValue={one}
            autoComplete="name"
          />,
        );
      }
      return (
        <fieldset>
          <Legend field={field} />
          <div className="wpforms-field-row">
            <SubInput
              context={context}
              field={field}
              part="first"
              label={messages.forms.nameFirst}
              autoComplete="given-name"
            />
            {field.format === 'first-middle-last' && (
              <SubInput
                context={context}
                field={field}
                part="middle"
                label={messages.forms.nameMiddle}
                autoComplete="additional-name"
                optional
              />
            )}
            <SubInput
              context={context}
              field={field}
              part="last"
              label={messages.forms.nameLast}
              autoComplete="family-name"
            />
          </div>
          {description}
        </fieldset>
      );
    case 'address':
      return <AddressField field={field} context={context} />;
    case 'select': {
      const name = field.multiple ? listName(field.id) : fieldName(field.id);
      const chosen = value?.values ?? [];
      return simple(
        <select
          {...common(name)}
          multiple={field.multiple || undefined}
          defaultValue={field.multiple ? chosen : (chosen.at(-1) ?? '')}
          data-search-enabled={field.search_enabled || undefined}
          data-remove-items-enabled={field.remove_items_enabled || undefined}
        >
          {!field.multiple && (
            <option value="">{field.placeholder || messages.forms.choose}</option>
          )}
          {field.choices.map((choice) => (
            <option key={choiceValue(choice)} value={choiceValue(choice)}>
              {choice.label}
            </option>
          ))}
        </select>,
        name,
      );
    }
    case 'radio':
    case 'checkbox':
      return <ChoiceField field={field} context={context} />;
    case 'rating': {
      const name = fieldName(field.id);
      return (
        <fieldset {...described(id, descriptionId, errors[name])}>
          <Legend field={field} />
          <div className="wpforms-field-rating-items">
            {Array.from({ length: field.scale }, (_, i) => String(i + 1)).map((n) => (
              <label key={n} className="wpforms-field-rating-item">
                <input
                  type="radio"
                  name={name}
                  value={n}
                  defaultChecked={one === n}
                  required={field.required || undefined}
                />
                <span aria-hidden="true" className="wpforms-rating-icon">
                  ★
                </span>
                <span className="wpforms-screen-reader-element">
                  {format(messages.forms.ratingItem, { value: n, scale: field.scale })}
                </span>
              </label>
            ))}
          </div>
          {description}
          <ErrorText id={`${id}-error`} text={errors[name]} />
        </fieldset>
      );
    }
    case 'date-time':
      return <DateTimeField field={field} context={context} />;
    case 'file-upload': {
      const name = fileInputName(form.id, field.id);
      const extensions = allowedExtensions(field);
      const hintId = `${id}-hint`;
      return (
        <>
          <Label htmlFor={id} field={field} />
          <input
            type="file"
            id={id}
            name={name}
            multiple={field.max_file_number > 1 || undefined}
            accept={extensions.map((e) => `.${e}`).join(',')}
            aria-required={field.required || undefined}
            aria-describedby={[descriptionId, hintId, errors[name] ? `${id}-error` : undefined]
              .filter(Boolean)
              .join(' ')}
            aria-invalid={errors[name] ? true : undefined}
            data-max-size={field.max_size}
          />
          <div className="wpforms-field-sublabel" id={hintId}>
            {format(messages.forms.fileAllowed, {
              extensions: extensions.join(', '),
              size: field.max_size,
            })}
          </div>
          {description}
          <ErrorText id={`${id}-error`} text={errors[name]} />
        </>
      );
    }
    case 'html':
      return (
        <div className="wpforms-field-html" dangerouslySetInnerHTML={{ __html: field.code }} />
      );
    case 'divider':
      return (
        <>
          {field.label && <h2 className="wpforms-divider-title">{field.label}</h2>}
          {description}
        </>
      );
    case 'captcha':
      return <CaptchaField field={field} context={context} />;
    case 'payment-single':
      return field.format === 'user' ? (
        simple(
          <input
            type="text"
            inputMode="decimal"
            {...common(fieldName(field.id))}
            defaultValue={one}
            data-user-amount
          />,
        )
      ) : (
        <>
          <p className="wpforms-field-label">{field.label}</p>
          <p className="wpforms-single-item-price">{priceText(form, field.price)}</p>
          {field.format === 'hidden' && (
            <input type="hidden" name={fieldName(field.id)} value={String(field.price)} />
          )}
          <QuantitySelect form={form} field={field} values={values} />
          {description}
        </>
      );
    case 'payment-multiple':
    case 'payment-checkbox':
    case 'payment-select':
      return <PaymentChoices field={field} context={context} />;
    case 'payment-total':
      return (
        <TotalField
          form={form}
          field={field}
          values={values}
          visible={visibleFieldIds(form, values)}
        />
      );
    case 'payment-coupon':
      return (
        <CouponField
          form={form}
          field={field}
          values={values}
          error={errors[fieldName(field.id)]}
        />
      );
    case 'stripe-credit-card':
      return <CardField form={form} field={field} error={errors[fieldName(field.id)]} />;
  }
}

/**
 * The ALTCHA check (its runtime: fields/captcha.ts): ticking the box fetches the field's challenge
 * from `data-challenge-url`, solves it in the browser and puts the payload in the hidden input
 * the server verifies; the status line says how it went. Without JavaScript there is nothing to
 * solve it: the note says so, and the server refuses the post with the field's message.
 */
function CaptchaField({ field, context }: { field: FieldOf<'captcha'>; context: FieldContext }) {
  const { form, errors } = context;
  const id = inputId(form, field.id);
  const name = fieldName(field.id);
  const error = errors[name];
  const query = `form=${encodeURIComponent(form.id)}&field=${encodeURIComponent(field.id)}`;
  return (
    <fieldset {...described(id, field.description ? `${id}-description` : undefined, error)}>
      <Legend field={field} />
      <input type="hidden" name={name} defaultValue="" />
      <label className="wpforms-captcha-label" htmlFor={id}>
        <input
          type="checkbox"
          id={id}
          className="wpforms-captcha-check"
          aria-required={field.required || undefined}
          aria-describedby={`${id}-status`}
          data-challenge-url={`${context.challengeUrl}?${query}`}
        />{' '}
        {messages.forms.captchaLabel}
      </label>
      <span className="wpforms-captcha-status" id={`${id}-status`} role="status" />
      <noscript>
        <p className="wpforms-field-description">{messages.forms.captchaNeedsScript}</p>
      </noscript>
      <Description id={`${id}-description`} text={field.description} />
      <ErrorText id={`${id}-error`} text={error} />
    </fieldset>
  );
}

function SubInput(props: {
  context: FieldContext;
  field: FormField;
  part: string;
  label: string;
  type?: string;
  autoComplete?: string;
  optional?: boolean;
  /** Fill it again with what was posted (not for passwords). */
  keep?: boolean;
  /** A date or time picker's button goes beside it (fields/date-time.ts). */
  picker?: boolean;
  disabled?: boolean;
}) {
  const { context, field, part } = props;
  const id = inputId(context.form, field.id, part);
  const name = fieldName(field.id, part);
  const error = context.errors[name];
  const input = (
    <input
      type={props.type ?? 'text'}
      id={id}
      name={name}
      defaultValue={
        props.keep === false || props.disabled
          ? undefined
          : (context.values[field.id]?.parts[part] ?? '')
      }
      autoComplete={props.autoComplete}
      disabled={props.disabled || undefined}
      aria-required={(field.required && !props.optional) || undefined}
      {...described(id, undefined, error)}
    />
  );
  return (
    <div className={`wpforms-field-row-block wpforms-${part}`}>
      <label className="wpforms-field-sublabel" htmlFor={id}>
        {props.label}
      </label>
      {props.picker ? <span className="wpforms-field-picker">{input}</span> : input}
      <ErrorText id={`${id}-error`} text={error} />
    </div>
  );
}

/** A select of an address: its country, or the country's states. */
function SubSelect(props: {
  context: FieldContext;
  field: FormField;
  part: string;
  label: string;
  options: readonly [value: string, name: string][];
  value: string;
  autoComplete: string;
  optional?: boolean;
}) {
  const { context, field, part } = props;
  const id = inputId(context.form, field.id, part);
  const name = fieldName(field.id, part);
  const error = context.errors[name];
  return (
    <div className={`wpforms-field-row-block wpforms-${part}`}>
      <label className="wpforms-field-sublabel" htmlFor={id}>
        {props.label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={props.value}
        autoComplete={props.autoComplete}
        aria-required={(field.required && !props.optional) || undefined}
        {...described(id, undefined, error)}
      >
        <option value="">{messages.forms.choose}</option>
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <ErrorText id={`${id}-error`} text={error} />
    </div>
  );
}

/**
 * The address (seed 002 §4): street, city, state, postcode and, last as in WPForms, the country, a
 * searchable select of the checkout's countries. The state is a select of the country's states
 * where it has them, a text box where it has none, and disabled (and optional) for a country the
 * form lists as without states. The wire names stay the address's parts (wire.ts).
 */
function AddressField({ field, context }: { field: FieldOf<'address'>; context: FieldContext }) {
  const posted = context.values[field.id]?.parts ?? {};
  const hasCountry = field.scheme === 'international' && !field.country_hide;
  const country =
    field.scheme === 'us' ? 'US' : (hasCountry && posted.country) || field.default_country;
  const withoutStates = context.form.settings.address_field.list_countries_without_states;
  const stateless = withoutStates.includes(country);
  const states = (!stateless && context.addressLists?.states[country]) || [];
  const chosenState = posted.state ?? '';
  const lines: [string, string, string][] = [
    ['address1', messages.forms.addressLine1, 'address-line1'],
    ...(field.address2_hide
      ? []
      : [['address2', messages.forms.addressLine2, 'address-line2'] as [string, string, string]]),
    ['city', messages.forms.addressCity, 'address-level2'],
  ];
  const countries = context.addressLists?.countries ?? [];
  return (
    <fieldset>
      <Legend field={field} />
      {lines.map(([part, label, autoComplete]) => (
        <SubInput
          key={part}
          context={context}
          field={field}
          part={part}
          label={label}
          autoComplete={autoComplete}
          optional={part === 'address2'}
        />
      ))}
      {states.length > 0 ? (
        <SubSelect
          context={context}
          field={field}
          part="state"
          label={messages.forms.addressState}
          options={states}
          value={states.find(([code, name]) => [code, name].includes(chosenState))?.[0] ?? ''}
          autoComplete="address-level1"
        />
      ) : (
        <SubInput
          context={context}
          field={field}
          part="state"
          label={messages.forms.addressState}
          autoComplete="address-level1"
          optional={stateless}
          disabled={stateless}
        />
      )}
      {!field.postal_hide && (
        <SubInput
          context={context}
          field={field}
          part="postal"
          label={messages.forms.addressPostal}
          autoComplete="postal-code"
        />
      )}
      {hasCountry && (
        <SubSelect
          context={context}
          field={field}
          part="country"
          label={messages.forms.addressCountry}
          // Without the lists the chosen country stands alone (fields/address.ts adds the rest).
          options={countries.length > 0 ? countries : [[country, country]]}
          value={country}
          autoComplete="country"
        />
      )}
    </fieldset>
  );
}

function ChoiceField({
  field,
  context,
}: {
  field: FieldOf<'radio'> | FieldOf<'checkbox'>;
  context: FieldContext;
}) {
  const id = inputId(context.form, field.id);
  const name = field.type === 'checkbox' ? listName(field.id) : fieldName(field.id);
  const chosen = new Set(context.values[field.id]?.values ?? []);
  const error = context.errors[name];
  return (
    <fieldset
      {...described(id, field.description ? `${id}-description` : undefined, error)}
      data-choice-limit={
        field.type === 'checkbox' && field.choice_limit > 0 ? field.choice_limit : undefined
      }
    >
      <Legend field={field} />
      <ul className={`wpforms-choices${field.image_choices ? ' wpforms-image-choices' : ''}`}>
        {field.choices.map((choice, i) => {
          const value = choiceValue(choice);
          const choiceId = `${id}_${i + 1}`;
          return (
            <li key={value} className={chosen.has(value) ? 'wpforms-selected' : undefined}>
              <input
                type={field.type}
                id={choiceId}
                name={name}
                value={value}
                defaultChecked={chosen.has(value)}
              />
              <label htmlFor={choiceId}>
                <ChoiceImage shown={field.image_choices} choice={choice} />
                {choice.label}
              </label>
            </li>
          );
        })}
      </ul>
      <Description id={`${id}-description`} text={field.description} />
      <ErrorText id={`${id}-error`} text={error} />
    </fieldset>
  );
}

/** Seed 002 §3 `choice`: an image choice's picture, in its label (payment choices' too). */
function ChoiceImage({ shown, choice }: { shown: boolean; choice: Choice }) {
  return shown && choice.image ? (
    <img src={choice.image} alt="" className="wpforms-image-choices-image" />
  ) : null;
}

function priceText(form: FormDefinition, minor: number): string {
  return formatAmount(minor, amountStyle(form.settings));
}

function PaymentChoices({
  field,
  context,
}: {
  field: FieldOf<'payment-multiple'> | FieldOf<'payment-checkbox'> | FieldOf<'payment-select'>;
  context: FieldContext;
}) {
  const { form } = context;
  const id = inputId(form, field.id);
  const name = field.type === 'payment-checkbox' ? listName(field.id) : fieldName(field.id);
  const chosen = context.values[field.id]?.values ?? [];
  const error = context.errors[name];
  if (field.type === 'payment-select') {
    return (
      <>
        <Label htmlFor={id} field={field} />
        <select
          id={id}
          name={name}
          defaultValue={chosen.at(-1) ?? ''}
          {...described(id, undefined, error)}
        >
          <option value="">{messages.forms.choose}</option>
          {field.choices.map((c) => (
            <option key={choiceValue(c)} value={choiceValue(c)}>
              {`${c.label} – ${priceText(form, c.price)}`}
            </option>
          ))}
        </select>
        <QuantitySelect form={form} field={field} values={context.values} />
        <ErrorText id={`${id}-error`} text={error} />
      </>
    );
  }
  const type = field.type === 'payment-checkbox' ? 'checkbox' : 'radio';
  return (
    <fieldset {...described(id, undefined, error)}>
      <Legend field={field} />
      <ul className={`wpforms-choices${field.image_choices ? ' wpforms-image-choices' : ''}`}>
        {field.choices.map((c, i) => (
          <li key={choiceValue(c)}>
            <input
              type={type}
              id={`${id}_${i + 1}`}
              name={name}
              value={choiceValue(c)}
              defaultChecked={chosen.includes(choiceValue(c))}
            />
            <label htmlFor={`${id}_${i + 1}`}>
              <ChoiceImage shown={field.image_choices} choice={c} />
              {`${c.label} – ${priceText(form, c.price)}`}
            </label>
          </li>
        ))}
      </ul>
      <QuantitySelect form={form} field={field} values={context.values} />
      <ErrorText id={`${id}-error`} text={error} />
    </fieldset>
  );
}

function DateTimeField({ field, context }: { field: FieldOf<'date-time'>; context: FieldContext }) {
  const { form, values, errors } = context;
  const id = inputId(form, field.id);
  const value = values[field.id];
  const both = field.format === 'date-time';
  const datePlaceholder = field.date_format === 'm/d/Y' ? 'mm/dd/yyyy' : 'dd/mm/yyyy';
  const timePlaceholder = field.time_format === 'g:i A' ? '8:45 AM' : '22:45';
  if (!both && field.date_type !== 'dropdown') {
    const name = fieldName(field.id);
    const isDate = field.format === 'date';
    return (
      <>
        <Label htmlFor={id} field={field} />
        <span className="wpforms-field-picker">
          <input
            type="text"
            id={id}
            name={name}
            defaultValue={value?.values.at(-1) ?? ''}
            placeholder={isDate ? datePlaceholder : timePlaceholder}
            aria-required={field.required || undefined}
            data-limit-days={
              isDate && field.limit_days.length > 0 ? field.limit_days.join(',') : undefined
            }
            data-time-format={isDate ? undefined : field.time_format}
            data-min-time={!isDate && field.time_limit_enabled ? field.time_min : undefined}
            data-max-time={!isDate && field.time_limit_enabled ? field.time_max : undefined}
            {...described(id, field.description ? `${id}-description` : undefined, errors[name])}
          />
        </span>
        <Description id={`${id}-description`} text={field.description} />
        <ErrorText id={`${id}-error`} text={errors[name]} />
      </>
    );
  }
  return (
    <fieldset>
      <Legend field={field} />
      <div className="wpforms-field-row">
        {field.format !== 'time' &&
          (field.date_type === 'dropdown' ? (
            <DateDropdowns field={field} context={context} />
          ) : (
            <SubInput
              context={context}
              field={field}
              part="date"
              label={messages.forms.dateLabel}
              picker
            />
          ))}
        {field.format !== 'date' && (
          <SubInput
            context={context}
            field={field}
            part="time"
            label={messages.forms.timeLabel}
            picker
          />
        )}
      </div>
      <Description id={`${id}-description`} text={field.description} />
    </fieldset>
  );
}

function DateDropdowns({ field, context }: { field: FieldOf<'date-time'>; context: FieldContext }) {
  const value = context.values[field.id];
  const error = context.errors[fieldName(field.id, 'm')];
  const groupId = inputId(context.form, field.id, 'date');
  const year = new Date().getUTCFullYear();
  const options: [string, string, number[]][] = [
    ['m', messages.forms.dateMonth, range(1, 12)],
    ['d', messages.forms.dateDay, range(1, 31)],
    ['y', messages.forms.dateYear, range(year - 100, year + 10)],
  ];
  return (
    <div
      role="group"
      aria-label={messages.forms.dateLabel}
      {...described(groupId, undefined, error)}
    >
      {options.map(([part, label, numbers]) => {
        const id = inputId(context.form, field.id, part);
        return (
          <span key={part} className={`wpforms-field-date-dropdown-${part}`}>
            <label className="wpforms-screen-reader-element" htmlFor={id}>
              {label}
            </label>
            <select
              id={id}
              name={fieldName(field.id, part)}
              defaultValue={value?.parts[part] ?? ''}
            >
              <option value="">{label}</option>
              {numbers.map((n) => (
                <option key={n} value={String(n)}>
                  {String(n).padStart(2, '0')}
                </option>
              ))}
            </select>
          </span>
        );
      })}
      <ErrorText id={`${groupId}-error`} text={error} />
    </div>
  );
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

import {
  BYTES_PER_MB,
  DEFAULT_UPLOAD_EXTENSIONS,
  FORM_SIZE_MB_DECIMALS,
} from '../../platform/constants/index.ts';
import { format } from '../../platform/messages/format.ts';
import type { FieldOf, FormDefinition, FormField, ValidationMessageKey } from '../definition.ts';
import { formPages } from '../form-pages.ts';
import {
  emptyValue,
  fieldName,
  fileInputName,
  listName,
  quantityName,
  type FieldValue,
  type FieldValues,
} from '../wire.ts';
import { parseAmount } from '../../platform/money/amount-style.ts';
import { amountStyle, paymentTotals, quantityOf, type PaymentField } from '../payments/totals.ts';
import { choiceValue } from './choices.ts';
import { visibleFieldIds } from './conditions.ts';
import {
  calendarDate,
  characterCount,
  extensionOf,
  formatTime,
  isEmail,
  isEmailAllowed,
  isMaskComplete,
  isNumber,
  isOnStep,
  isPhoneNumber,
  isTimeWithin,
  isUrl,
  minutesOf,
  parseDate,
  parseTime12h,
  parseTime24h,
  US_PHONE_MASK,
  weekdayOf,
  wordCount,
} from './field-rules.ts';

/**
 * The one rule engine (issue 12): conditional logic and every validation rule of seed 002 §5
 * over a form's definition and its field values (wire.ts `readFieldValues`). Plain functions, no
 * DOM and no I/O: the browser runs it while the visitor types and on Next, the server on every
 * submission, and the same values get the same verdict.
 *
 * What only the server can know is checked beside it, not in it: the anti-spam gates (honeypot,
 * timestamps, token), the ALTCHA proof's signature and single use, the uploads' content.
 */
export interface RuleServices {
  /** A password's @zxcvbn-ts score, 0 to 4 (password-strength.ts is the shared one). */
  passwordScore(password: string): number;
}

export interface Verdict {
  valid: boolean;
  /** Field errors by input name (wire.ts), flat: `wpforms[fields][1][first]` -> message. */
  fields: Record<string, string>;
  /** A form-level error: the chosen files together are larger than `post_max_size`. */
  general: string | undefined;
  /** The fields conditional logic shows for these values. */
  visible: Set<string>;
}

/** The whole submission: every shown field, and the uploads' combined size. */
export function judgeSubmission(
  form: FormDefinition,
  values: FieldValues,
  services: RuleServices,
): Verdict {
  const visible = visibleFieldIds(form, values);
  const fields = judgeFields(
    form,
    form.fields.filter((f) => visible.has(f.id)),
    values,
    services,
  );
  const general = uploadSizeError(form, values, visible);
  return {
    valid: Object.keys(fields).length === 0 && general === undefined,
    fields,
    general,
    visible,
  };
}

/** One page, as Next checks it: its shown fields that do not opt out of page validation. */
export function judgePage(
  form: FormDefinition,
  pageIndex: number,
  values: FieldValues,
  services: RuleServices,
): Record<string, string> {
  const visible = visibleFieldIds(form, values);
  const page = formPages(form)[pageIndex];
  const fields = (page?.fields ?? []).filter((f) => visible.has(f.id) && !f.skip_page_validation);
  return judgeFields(form, fields, values, services);
}

/** The errors of the given fields, by input name. */
export function judgeFields(
  form: FormDefinition,
  fields: readonly FormField[],
  values: FieldValues,
  services: RuleServices,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    Object.assign(
      errors,
      fieldErrors(form, field, values[field.id] ?? emptyValue(), services, values),
    );
  }
  return errors;
}

/** Seed 002 §5: the chosen files together must stay under `post_max_size`. */
export function uploadSizeError(
  form: FormDefinition,
  values: FieldValues,
  visible: Set<string> = visibleFieldIds(form, values),
): string | undefined {
  const total = form.fields
    .filter((f) => f.type === 'file-upload' && visible.has(f.id))
    .flatMap((f) => values[f.id]?.files ?? [])
    .reduce((sum, file) => sum + file.size, 0);
  const max = form.settings.post_max_size;
  if (total < max) return undefined;
  const mb = (bytes: number) => (bytes / BYTES_PER_MB).toFixed(FORM_SIZE_MB_DECIMALS);
  return format(form.settings.val_post_max_size, { totalSize: mb(total), maxSize: mb(max) });
}

type Errors = Record<string, string>;

/** One field's errors. Empty optional fields have none; a value given is always checked. */
export function fieldErrors(
  form: FormDefinition,
  field: FormField,
  value: FieldValue,
  services: RuleServices,
  /** Every field's value: the total field's required-payment rule sums the others. */
  all?: FieldValues,
): Errors {
  // WPForms' check-limit text counts with `{#}`, which `format`'s `{name}` does not cover.
  const say = (key: ValidationMessageKey, params: Record<string, string | number> = {}) =>
    format(form.settings[key], params).replace('{#}', String(params['#'] ?? '{#}'));
  const one = value.values[value.values.length - 1] ?? '';
  const main = fieldName(field.id);
  const required = (name = main): Errors => (field.required ? { [name]: say('val_required') } : {});

  switch (field.type) {
    case 'html':
    case 'divider':
    case 'pagebreak':
    case 'hidden':
    case 'stripe-credit-card': // The card goes to the processor only; the server checks the rest.
      return {};
    case 'payment-total':
      return paymentTotalErrors(form, field, all, say);
    case 'payment-coupon':
      return couponErrors(field, value, say, required);
    case 'text':
      if (one === '') return required();
      if (field.input_mask && !isMaskComplete(one, field.input_mask))
        return { [main]: say('val_inputmask_incomplete') };
      return limitErrors(field, one, main, say);
    case 'textarea':
      return one === '' ? required() : limitErrors(field, one, main, say);
    case 'email':
      return emailErrors(field, value, say, required);
    case 'number':
      return one === '' ? required() : numberErrors(field, one, main, say);
    case 'url':
      if (one === '') return required();
      return isUrl(one) ? {} : { [main]: say('val_url') };
    case 'phone':
      if (one === '') return required();
      if (field.format === 'us') {
        return isMaskComplete(one, US_PHONE_MASK)
          ? {}
          : { [main]: say('val_inputmask_incomplete') };
      }
      return isPhoneNumber(one) ? {} : { [main]: say('val_phone') };
    case 'password':
      return passwordErrors(field, value, say, required, services);
    case 'name':
      return nameErrors(field, value, say);
    case 'address':
      return addressErrors(form, field, value, say);
    case 'select':
    case 'radio':
    case 'checkbox':
      return choiceErrors(field, value, say, required);
    case 'rating': {
      if (one === '') return required();
      const n = Number(one);
      return /^\d{1,2}$/.test(one) && n >= 1 && n <= field.scale
        ? {}
        : { [main]: say('val_choice') };
    }
    case 'date-time':
      return dateTimeErrors(field, value, say);
    case 'file-upload':
      return fileErrors(form, field, value, say);
    case 'captcha':
      // The proof itself is verified on the server (altcha.ts); here: one is there.
      return isCaptchaPayload(one) ? {} : { [main]: say('val_captcha_fail_msg') };
    case 'payment-single':
      return paymentSingleErrors(form, field, value, say);
    case 'payment-multiple':
    case 'payment-select':
    case 'payment-checkbox':
      return paymentChoiceErrors(field, value, say, required);
  }
}

type Say = (key: ValidationMessageKey, params?: Record<string, string | number>) => string;

function limitErrors(
  field: FieldOf<'text'> | FieldOf<'textarea'>,
  text: string,
  name: string,
  say: Say,
): Errors {
  if (!field.limit_enabled) return {};
  const limit = field.limit_count;
  if (field.limit_mode === 'words') {
    return wordCount(text) > limit ? { [name]: say('val_limit_words_over', { limit }) } : {};
  }
  return characterCount(text) > limit
    ? { [name]: say('val_limit_characters_over', { limit }) }
    : {};
}

function emailErrors(
  field: FieldOf<'email'>,
  value: FieldValue,
  say: Say,
  required: (name?: string) => Errors,
): Errors {
  const primaryName = field.confirmation ? fieldName(field.id, 'primary') : fieldName(field.id);
  const primary = field.confirmation ? (value.parts.primary ?? '') : (value.values.at(-1) ?? '');
  if (primary === '') return required(primaryName);
  if (!isEmail(primary)) return { [primaryName]: say('val_email') };
  if (!isEmailAllowed(primary, field)) return { [primaryName]: say('val_email_restricted') };
  if (field.confirmation) {
    const secondaryName = fieldName(field.id, 'secondary');
    const secondary = value.parts.secondary ?? '';
    if (secondary === '') return required(secondaryName);
    if (secondary !== primary) return { [secondaryName]: say('val_confirm') };
  }
  return {};
}

function numberErrors(field: FieldOf<'number'>, text: string, name: string, say: Say): Errors {
  if (!isNumber(text)) return { [name]: say('val_number') };
  const n = Number(text);
  if (field.min !== undefined && n < field.min)
    return { [name]: say('val_number_min', { min: field.min }) };
  if (field.max !== undefined && n > field.max)
    return { [name]: say('val_number_max', { max: field.max }) };
  if (field.step !== undefined && !isOnStep(n, field.step, field.min ?? 0))
    return { [name]: say('val_number_step', { step: field.step }) };
  return {};
}

function passwordErrors(
  field: FieldOf<'password'>,
  value: FieldValue,
  say: Say,
  required: (name?: string) => Errors,
  services: RuleServices,
): Errors {
  const primaryName = field.confirmation ? fieldName(field.id, 'primary') : fieldName(field.id);
  const primary = field.confirmation ? (value.parts.primary ?? '') : (value.values.at(-1) ?? '');
  if (primary === '') return required(primaryName);
  if (field.strength_min > 0 && services.passwordScore(primary) < field.strength_min)
    return { [primaryName]: say('val_password_strength') };
  if (field.confirmation) {
    const secondaryName = fieldName(field.id, 'secondary');
    const secondary = value.parts.secondary ?? '';
    if (secondary === '') return required(secondaryName);
    if (secondary !== primary) return { [secondaryName]: say('val_confirm') };
  }
  return {};
}

function nameErrors(field: FieldOf<'name'>, value: FieldValue, say: Say): Errors {
  if (!field.required) return {};
  if (field.format === 'simple') {
    return (value.values.at(-1) ?? '') === '' ? { [fieldName(field.id)]: say('val_required') } : {};
  }
  const errors: Errors = {};
  for (const part of ['first', 'last']) {
    if ((value.parts[part] ?? '') === '') errors[fieldName(field.id, part)] = say('val_required');
  }
  return errors;
}

/** The address's inputs the visitor must fill (seed 002 §4: a country without states frees the state). */
export function requiredAddressParts(
  form: FormDefinition,
  field: FieldOf<'address'>,
  country: string,
): string[] {
  const parts = ['address1', 'city'];
  const withoutStates = form.settings.address_field.list_countries_without_states;
  const chosen = field.scheme === 'us' ? 'US' : country || field.default_country;
  if (!withoutStates.includes(chosen)) parts.push('state');
  if (!field.postal_hide) parts.push('postal');
  if (field.scheme === 'international' && !field.country_hide) parts.push('country');
  return parts;
}

function addressErrors(
  form: FormDefinition,
  field: FieldOf<'address'>,
  value: FieldValue,
  say: Say,
): Errors {
  if (!field.required) return {};
  const errors: Errors = {};
  for (const part of requiredAddressParts(form, field, value.parts.country ?? '')) {
    if ((value.parts[part] ?? '') === '') errors[fieldName(field.id, part)] = say('val_required');
  }
  return errors;
}

export { choiceValue } from './choices.ts';

function choiceErrors(
  field: FieldOf<'select'> | FieldOf<'radio'> | FieldOf<'checkbox'>,
  value: FieldValue,
  say: Say,
  required: (name?: string) => Errors,
): Errors {
  const many = field.type === 'checkbox' || (field.type === 'select' && field.multiple);
  const name = many ? listName(field.id) : fieldName(field.id);
  const chosen = value.values.filter((v) => v !== '');
  if (chosen.length === 0) return required(name);
  const offered = new Set(field.choices.map(choiceValue));
  if (!chosen.every((v) => offered.has(v)) || (!many && chosen.length > 1))
    return { [name]: say('val_choice') };
  if ('choice_limit' in field && field.choice_limit > 0 && chosen.length > field.choice_limit)
    return { [name]: say('val_checklimit', { '#': field.choice_limit }) };
  return {};
}

function dateTimeErrors(field: FieldOf<'date-time'>, value: FieldValue, say: Say): Errors {
  const errors: Errors = {};
  const wantsDate = field.format !== 'time';
  const wantsTime = field.format !== 'date';
  // A date-only or time-only field posts its one value; date-time posts date and time parts.
  const single = value.values.at(-1) ?? '';
  if (wantsDate)
    Object.assign(
      errors,
      dateErrors(field, value, wantsTime ? (value.parts.date ?? '') : single, say),
    );
  if (wantsTime) {
    const name = wantsDate ? fieldName(field.id, 'time') : fieldName(field.id);
    const time = wantsDate ? (value.parts.time ?? '') : single;
    Object.assign(errors, timeErrors(field, time, name, say));
  }
  return errors;
}

function dateErrors(
  field: FieldOf<'date-time'>,
  value: FieldValue,
  text: string,
  say: Say,
): Errors {
  if (field.date_type === 'dropdown') {
    // Seed 002 §2: month, day and year are judged as one group, under the month's name.
    const name = fieldName(field.id, 'm');
    const [m, d, y] = ['m', 'd', 'y'].map((p) => value.parts[p] ?? '');
    if (m === '' && d === '' && y === '')
      return field.required ? { [name]: say('val_required') } : {};
    const date = calendarDate(Number(y), Number(m), Number(d));
    if (!date || [m, d, y].some((p) => !/^\d{1,4}$/.test(p!))) return { [name]: say('val_date') };
    return dayAllowed(field, date) ? {} : { [name]: say('val_date_day') };
  }
  const name = field.format === 'date' ? fieldName(field.id) : fieldName(field.id, 'date');
  if (text === '') return field.required ? { [name]: say('val_required') } : {};
  const date = parseDate(text, field.date_format);
  if (!date) return { [name]: say('val_date') };
  return dayAllowed(field, date) ? {} : { [name]: say('val_date_day') };
}

function dayAllowed(field: FieldOf<'date-time'>, date: Parameters<typeof weekdayOf>[0]): boolean {
  return field.limit_days.length === 0 || field.limit_days.includes(weekdayOf(date));
}

function timeErrors(field: FieldOf<'date-time'>, text: string, name: string, say: Say): Errors {
  if (text === '') return field.required ? { [name]: say('val_required') } : {};
  const twelve = field.time_format === 'g:i A';
  const minutes = twelve ? parseTime12h(text) : parseTime24h(text);
  if (minutes === undefined) return { [name]: say(twelve ? 'val_time12h' : 'val_time24h') };
  if (!field.time_limit_enabled) return {};
  const [min, max] = [minutesOf(field.time_min), minutesOf(field.time_max)];
  if (isTimeWithin(minutes, min, max)) return {};
  return {
    [name]: say('val_time_limit', {
      minTime: formatTime(min, field.time_format),
      maxTime: formatTime(max, field.time_format),
    }),
  };
}

/** The extensions a file field takes: its own, or png, jpg, jpeg and gif (seed 002 §5). */
export function allowedExtensions(field: FieldOf<'file-upload'>): readonly string[] {
  return field.extensions.length > 0 ? field.extensions : DEFAULT_UPLOAD_EXTENSIONS;
}

function fileErrors(
  form: FormDefinition,
  field: FieldOf<'file-upload'>,
  value: FieldValue,
  say: Say,
): Errors {
  const name = fileInputName(form.id, field.id);
  const files = value.files.filter((file) => file.name !== '' || file.size > 0);
  if (files.length === 0) return field.required ? { [name]: say('val_required') } : {};
  if (files.length > field.max_file_number) return { [name]: say('val_fileextension') };
  const allowed = allowedExtensions(field);
  if (files.some((file) => !allowed.includes(extensionOf(file.name))))
    return { [name]: say('val_fileextension') };
  if (files.some((file) => file.size > field.max_size * BYTES_PER_MB))
    return { [name]: say('val_filesize') };
  return {};
}

/** An ALTCHA payload: base64 of a JSON object (the server verifies what it says). */
export function isCaptchaPayload(text: string): boolean {
  return text.length > 0 && text.length <= 10_000 && /^[A-Za-z0-9+/]+={0,2}$/.test(text);
}

/** A quantity select holding something it does not offer (a tampered post). */
function quantityErrors(field: PaymentField, value: FieldValue, say: Say): Errors {
  return quantityOf(field, value) === undefined
    ? { [quantityName(field.id)]: say('val_choice') }
    : {};
}

/**
 * Seed 002 §5's payment rules on a single item: a user-entered amount must be a positive number
 * (0 or more, in the form's currency), at least the minimum price, and above 0 when the field is
 * required (required-payment).
 */
function paymentSingleErrors(
  form: FormDefinition,
  field: FieldOf<'payment-single'>,
  value: FieldValue,
  say: Say,
): Errors {
  if (field.format !== 'user') return quantityErrors(field, value, say);
  const name = fieldName(field.id);
  const text = value.values.at(-1) ?? '';
  if (text === '') return field.required ? { [name]: say('val_requiredpayment') } : {};
  const amount = parseAmount(text, amountStyle(form.settings));
  if (amount === undefined) return { [name]: say('val_number_positive') };
  if (field.required && amount <= 0) return { [name]: say('val_requiredpayment') };
  if (amount < field.min_price) return { [name]: say('val_minimum_price') };
  return quantityErrors(field, value, say);
}

function paymentChoiceErrors(
  field: FieldOf<'payment-multiple'> | FieldOf<'payment-select'> | FieldOf<'payment-checkbox'>,
  value: FieldValue,
  say: Say,
  required: (name?: string) => Errors,
): Errors {
  const many = field.type === 'payment-checkbox';
  const name = many ? listName(field.id) : fieldName(field.id);
  const chosen = value.values.filter((v) => v !== '');
  if (chosen.length === 0) return required(name);
  const offered = new Set(field.choices.map(choiceValue));
  if (!chosen.every((v) => offered.has(v)) || (!many && chosen.length > 1))
    return { [name]: say('val_choice') };
  return quantityErrors(field, value, say);
}

/**
 * Required-payment on the total field (seed 002 §5): the shown fields' chosen items must come to
 * more than 0 (before a coupon: the coupon is the server's to check against the shop).
 */
function paymentTotalErrors(
  form: FormDefinition,
  field: FieldOf<'payment-total'>,
  all: FieldValues | undefined,
  say: Say,
): Errors {
  if (!field.required || !all) return {};
  const { subtotal } = paymentTotals(form, all, visibleFieldIds(form, all));
  return subtotal > 0 ? {} : { [fieldName(field.id)]: say('val_requiredpayment') };
}

/** A coupon code as the shop writes its codes (whether it exists is the server's to say). */
function couponErrors(
  field: FieldOf<'payment-coupon'>,
  value: FieldValue,
  say: Say,
  required: (name?: string) => Errors,
): Errors {
  const code = value.values.at(-1) ?? '';
  if (code === '') return required();
  return /^[\p{L}\p{N} _.-]{1,50}$/u.test(code) ? {} : { [fieldName(field.id)]: say('val_choice') };
}

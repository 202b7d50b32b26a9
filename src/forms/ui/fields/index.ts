import type { FieldType, FormField } from '../../definition.ts';
import type { FormContext } from '../context.ts';
import { fieldElement } from '../dom.ts';
import { attachChoices, attachRating } from './choices.ts';
import { attachEmail } from './email.ts';
import { attachMask } from './mask.ts';
import { attachNumber, attachUrl } from './inputs.ts';
import { attachLimit } from './limit.ts';

/**
 * Each field type's behaviour in the browser (issue 12's list), attached to its element. The
 * small ones common to most forms come with the runtime; the larger ones load apart, when a page
 * that has such a field is first shown (runtime.ts): a contact form never carries the date,
 * select or captcha code, and a later page's load once it is reached.
 */
type Attach = (context: FormContext, field: FormField, element: HTMLElement) => void;

const attachNow: Partial<Record<FieldType, Attach>> = {
  text(context, field, element) {
    if (field.type !== 'text') return;
    attachLimit(context, field, element);
    if (field.input_mask) attachMask(context, element, field.input_mask);
  },
  textarea: (context, field, element) =>
    field.type === 'textarea' && attachLimit(context, field, element),
  email: (context, _field, element) => attachEmail(context, element),
  number: (context, _field, element) => attachNumber(context, element),
  url: (context, _field, element) => attachUrl(context, element),
  phone(context, field, element) {
    if (field.type === 'phone' && field.format === 'us')
      attachMask(context, element, '(999) 999-9999');
  },
  radio: (context, _field, element) => attachChoices(context, element),
  checkbox: (context, _field, element) => attachChoices(context, element),
  'payment-multiple': (context, _field, element) => attachChoices(context, element),
  'payment-checkbox': (context, _field, element) => attachChoices(context, element),
  rating: (context, _field, element) => attachRating(context, element),
};

const attachLater: Partial<Record<FieldType, () => Promise<Attach>>> = {
  select: () =>
    import('./select.ts').then(
      (m) => (context, field, element) =>
        field.type === 'select' && m.attachSelect(context, field, element),
    ),
  'date-time': () =>
    import('./date-time.ts').then(
      (m) => (context, field, element) =>
        field.type === 'date-time' && m.attachDateTime(context, field, element),
    ),
  captcha: () =>
    import('./captcha.ts').then(
      (m) => (context, field, element) =>
        field.type === 'captcha' && m.attachCaptcha(context, field, element),
    ),
  address: () =>
    import('./address.ts').then(
      (m) => (context, _field, element) => m.attachAddress(context, element),
    ),
  password: () =>
    import('./password.ts').then(
      (m) => (context, field, element) =>
        field.type === 'password' && m.attachPassword(context, field, element),
    ),
};

/**
 * Attaches these fields' behaviour; resolves once the ones loaded apart are attached too (none
 * is attached after the runtime has detached).
 */
export async function attachFields(
  context: FormContext,
  fields: readonly FormField[],
  detached: () => boolean,
): Promise<void> {
  const later: Promise<void>[] = [];
  for (const field of fields) {
    const element = fieldElement(context.form, field.id);
    if (!element) continue;
    attachNow[field.type]?.(context, field, element);
    const load = attachLater[field.type];
    if (load) {
      later.push(
        load().then((attach) => {
          if (!detached()) attach(context, field, element);
        }),
      );
    }
  }
  await Promise.all(later);
}

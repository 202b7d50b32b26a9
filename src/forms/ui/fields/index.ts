import type { FormContext } from '../context.ts';
import { fieldElement } from '../dom.ts';
import { attachAddress } from './address.ts';
import { attachCaptcha } from './captcha.ts';
import { attachChoices, attachRating } from './choices.ts';
import { attachDateTime } from './date-time.ts';
import { attachEmail } from './email.ts';
import { attachMask } from './mask.ts';
import { attachNumber, attachUrl } from './inputs.ts';
import { attachPassword } from './password.ts';
import { attachSelect } from './select.ts';
import { attachLimit } from './limit.ts';

/** Each field type's behaviour in the browser (issue 12's list), attached to its element. */
export function attachFields(context: FormContext): void {
  for (const field of context.definition.fields) {
    const element = fieldElement(context.form, field.id);
    if (!element) continue;
    switch (field.type) {
      case 'text':
        attachLimit(context, field, element);
        if (field.input_mask) attachMask(context, element, field.input_mask);
        break;
      case 'textarea':
        attachLimit(context, field, element);
        break;
      case 'email':
        attachEmail(context, element);
        break;
      case 'number':
        attachNumber(context, element);
        break;
      case 'url':
        attachUrl(context, element);
        break;
      case 'phone':
        if (field.format === 'us') attachMask(context, element, '(999) 999-9999');
        break;
      case 'password':
        attachPassword(context, field, element);
        break;
      case 'address':
        attachAddress(context, element);
        break;
      case 'select':
        attachSelect(context, field, element);
        break;
      case 'radio':
      case 'checkbox':
      case 'payment-multiple':
      case 'payment-checkbox':
        attachChoices(context, element);
        break;
      case 'rating':
        attachRating(context, element);
        break;
      case 'date-time':
        attachDateTime(context, field, element);
        break;
      case 'captcha':
        attachCaptcha(context, field, element);
        break;
      default:
        break;
    }
  }
}

/** Listens on an element until the runtime detaches. */
export function on<K extends keyof HTMLElementEventMap>(
  context: FormContext,
  element: HTMLElement,
  type: K,
  listener: (event: HTMLElementEventMap[K]) => void,
  capture = false,
): void {
  element.addEventListener(type, listener, capture);
  context.cleanups.push(() => element.removeEventListener(type, listener, capture));
}

/** Tells the runtime (and anyone listening) that a script changed an input's value. */
export function changed(input: HTMLElement): void {
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

export function describe(element: Element, id: string): void {
  const ids = new Set((element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean));
  ids.add(id);
  element.setAttribute('aria-describedby', [...ids].join(' '));
}

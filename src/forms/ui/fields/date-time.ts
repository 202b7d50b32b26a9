import type { FieldOf } from '../../definition.ts';
import { fieldName } from '../../wire.ts';
import type { FormContext } from '../context.ts';
import { uiTexts } from '../texts.ts';
import { dateOfText, formatDate, toCalendarDate } from './date-format.ts';
import { changed, on } from './listen.ts';
import { optionNearNow, roundTypedTime, timeOptions } from './time-options.ts';

/**
 * Date and time fields (seed 002 §2): the date picker (loaded when first opened) with its clear
 * button and `limit-days`; the month / day / year dropdowns are judged as one group by the rule
 * engine; the time list scrolls to the current time and typed times are rounded to the interval.
 */
export function attachDateTime(
  context: FormContext,
  field: FieldOf<'date-time'>,
  element: HTMLElement,
): void {
  const both = field.format === 'date-time';
  if (field.format !== 'time' && field.date_type === 'datepicker') {
    const name = both ? fieldName(field.id, 'date') : fieldName(field.id);
    const input = element.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`);
    if (input) attachDatePicker(context, field, input);
  }
  if (field.format !== 'date') {
    const name = both ? fieldName(field.id, 'time') : fieldName(field.id);
    const input = element.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`);
    if (input) attachTimeList(context, field, input);
  }
}

/**
 * The pickers' icons by their button's class: a calendar and a clock on a 24 px grid, drawn in the
 * button's colour like the shop's other icons (inline SVG: no font needs to have them).
 */
const ICONS: Record<string, string> = {
  'wpforms-datepicker-toggle': 'M4 5h16v15H4z M4 10h16 M8 3v4 M16 3v4',
  'wpforms-timepicker-toggle': 'M12 3a9 9 0 1 0 0.01 0 M12 7v5l3 3',
};

function icon(doc: Document, shape: string): SVGSVGElement {
  const svg = doc.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('fill', 'none');
  svg.setAttribute('stroke', 'currentColor');
  svg.setAttribute('stroke-width', '2');
  svg.setAttribute('stroke-linecap', 'round');
  svg.setAttribute('stroke-linejoin', 'round');
  const path = doc.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', ICONS[shape] ?? '');
  svg.append(path);
  return svg;
}

/**
 * A button beside the input (the renderer puts the input in a `.wpforms-field-picker` row for it)
 * that opens a popup under them; closes on Escape or a click outside.
 */
function popupButton(
  context: FormContext,
  input: HTMLInputElement,
  label: string,
  className: string,
  fill: (host: HTMLElement, close: () => void) => (() => void) | Promise<() => void>,
): void {
  const doc = input.ownerDocument;
  const button = doc.createElement('button');
  button.type = 'button';
  button.className = `wpforms-picker-toggle ${className}`;
  button.setAttribute('aria-label', label);
  button.setAttribute('aria-expanded', 'false');
  button.append(icon(doc, className));
  // Beside the input, not around it: the renderer's own nodes stay where it put them.
  input.after(button);
  let host: HTMLElement | undefined;
  let undo: (() => void) | undefined;
  const close = (refocus = true) => {
    undo?.();
    undo = undefined;
    host?.remove();
    host = undefined;
    button.setAttribute('aria-expanded', 'false');
    if (refocus) button.focus();
  };
  const outside = (event: Event) => {
    const path = event.composedPath();
    if (host && !path.includes(host) && !path.includes(button)) close(false);
  };
  on(context, button, 'click', () => {
    if (host) return close();
    host = doc.createElement('div');
    host.className = `wpforms-picker-popup ${className}-popup`;
    button.after(host);
    button.setAttribute('aria-expanded', 'true');
    const opened = fill(host, () => close());
    void Promise.resolve(opened).then((u) => {
      if (host) undo = u;
      else u();
    });
  });
  doc.addEventListener('mousedown', outside);
  context.cleanups.push(() => {
    doc.removeEventListener('mousedown', outside);
    close(false);
  });
}

function attachDatePicker(
  context: FormContext,
  field: FieldOf<'date-time'>,
  input: HTMLInputElement,
): void {
  popupButton(
    context,
    input,
    uiTexts.chooseDate,
    'wpforms-datepicker-toggle',
    async (host, close) => {
      const { openDatePicker } = await import('./date-picker.tsx');
      return openDatePicker(host, {
        value: dateOfText(input.value, field.date_format),
        limitDays: field.limit_days,
        onChoose(date) {
          input.value = formatDate(toCalendarDate(date), field.date_format);
          changed(input);
          close();
        },
        onClear() {
          input.value = '';
          changed(input);
          close();
        },
        onClose: close,
      });
    },
  );
}

function attachTimeList(
  context: FormContext,
  field: FieldOf<'date-time'>,
  input: HTMLInputElement,
): void {
  on(context, input, 'change', () => {
    const rounded = roundTypedTime(input.value, field);
    if (rounded !== input.value) input.value = rounded;
  });
  popupButton(context, input, uiTexts.chooseTime, 'wpforms-timepicker-toggle', (host, close) => {
    const options = timeOptions(field);
    const list = host.ownerDocument.createElement('ul');
    list.className = 'wpforms-timepicker-list';
    list.setAttribute('role', 'listbox');
    list.setAttribute('aria-label', uiTexts.chooseTime);
    for (const option of options) {
      const item = host.ownerDocument.createElement('li');
      item.setAttribute('role', 'option');
      item.tabIndex = -1;
      item.textContent = option.label;
      item.setAttribute('aria-selected', String(option.label === input.value));
      const pick = () => {
        input.value = option.label;
        changed(input);
        close();
      };
      item.addEventListener('click', pick);
      item.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          pick();
        } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          const next =
            event.key === 'ArrowDown' ? item.nextElementSibling : item.previousElementSibling;
          (next as HTMLElement | null)?.focus();
        } else if (event.key === 'Escape') {
          close();
        }
      });
      list.append(item);
    }
    host.append(list);
    // Seed 002 §2: the list opens at the current time.
    const near = list.children[optionNearNow(options, new Date())] as HTMLElement | undefined;
    if (near) {
      list.scrollTop = near.offsetTop;
      near.focus({ preventScroll: true });
    }
    return () => list.remove();
  });
}

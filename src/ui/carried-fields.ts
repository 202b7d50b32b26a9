/**
 * What a person has typed or chosen in a part of the page that React is about to replace with
 * new markup (the product page's sections becoming tabs once hydrated), put back into the new
 * markup's fields of the same names, with the focus and the caret where they were. The page is
 * usable before its JavaScript arrives, so a shopper may already be writing a review.
 */
export interface CarriedFields {
  texts: [name: string, value: string][];
  checked: [name: string, value: string][];
  focused?: { name: string; value: string; start: number | null; end: number | null };
}

type Field = HTMLInputElement | HTMLTextAreaElement;

const UNTYPED = new Set(['hidden', 'submit', 'button', 'reset', 'file', 'image']);

function fieldsOf(root: ParentNode): Field[] {
  return [...root.querySelectorAll<Field>('input[name], textarea[name]')].filter(
    (field) => !UNTYPED.has(field.type),
  );
}

const isChoice = (field: Field): field is HTMLInputElement =>
  field.type === 'radio' || field.type === 'checkbox';

export function carryFields(root: ParentNode): CarriedFields {
  const carried: CarriedFields = { texts: [], checked: [] };
  for (const field of fieldsOf(root)) {
    if (isChoice(field)) {
      if (field.checked !== field.defaultChecked) carried.checked.push([field.name, field.value]);
    } else if (field.value !== field.defaultValue) {
      carried.texts.push([field.name, field.value]);
    }
  }
  const active = document.activeElement;
  const focusable = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement;
  if (focusable && root.contains(active) && active.name) {
    const caret = isChoice(active) ? null : active.selectionStart;
    const end = isChoice(active) ? null : active.selectionEnd;
    carried.focused = { name: active.name, value: active.value, start: caret, end };
  }
  return carried;
}

/**
 * Into the new markup under `root`: text by assignment; a choice by a click, so React's onChange
 * sees it. Returns what found no field there (another part of the new markup may hold it), or
 * null once everything is back.
 */
export function restoreFields(root: ParentNode, carried: CarriedFields): CarriedFields | null {
  const fields = fieldsOf(root);
  const named = (name: string, value?: string) =>
    fields.find((f) => f.name === name && (value === undefined || f.value === value));
  const left: CarriedFields = { texts: [], checked: [] };
  for (const [name, value] of carried.texts) {
    const field = named(name);
    if (field && !isChoice(field)) field.value = value;
    else left.texts.push([name, value]);
  }
  for (const [name, value] of carried.checked) {
    const field = named(name, value);
    if (!field || !isChoice(field)) left.checked.push([name, value]);
    else if (!field.checked) field.click();
  }
  const focused = carried.focused;
  const first = focused && named(focused.name);
  const target = first && isChoice(first) ? named(focused.name, focused.value) : first;
  if (focused && target) {
    target.focus({ preventScroll: true });
    if (!isChoice(target) && focused.start !== null) {
      target.setSelectionRange(focused.start, focused.end ?? focused.start);
    }
  } else if (focused) {
    left.focused = focused;
  }
  const empty = left.texts.length === 0 && left.checked.length === 0 && !left.focused;
  return empty ? null : left;
}

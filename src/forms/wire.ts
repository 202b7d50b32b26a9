import type { FormDefinition, FormField } from './definition.ts';

/**
 * The form's wire names (WPForms' own) and the one reading of a submission into field values,
 * shared by the browser (over the entries the renderer's form holds, as `FormData` collects them)
 * and the server (over the parsed multipart body), so both judge the very same values.
 *
 * - `wpforms[fields][{id}]`: a field's value; `wpforms[fields][{id}][]`: each value of a
 *   checkbox or multiple select; `wpforms[fields][{id}][{part}]`: a sub-input (name's first /
 *   middle / last, address's address1 / address2 / city / state / postal / country, a confirmed
 *   e-mail's or password's primary / secondary, date-time's date / time or the dropdowns' m / d / y);
 * - `wpforms[quantities][{id}]`: a payment field's quantity select (issue 13);
 * - `wpforms_{formId}_{id}`: a file input (WPForms' classic uploader), one part per file;
 * - `wpforms[id]`, `wpforms[hp]` (honeypot), `wpforms[token]`, `page_url`, `start_timestamp`,
 *   `end_timestamp`, `_wpfuuid` (the visitor id, for embeds whose cookie the shop cannot read).
 */

export const WIRE = {
  formId: 'wpforms[id]',
  honeypot: 'wpforms[hp]',
  token: 'wpforms[token]',
  pageUrl: 'page_url',
  startTimestamp: 'start_timestamp',
  endTimestamp: 'end_timestamp',
  visitorId: '_wpfuuid',
  action: 'action',
} as const;

/** The form page's Next / Previous buttons and its current page (page-post.ts reads them). */
export const PAGE_NAV = 'wpforms[page_nav]';
export const PAGE_INDEX = 'wpforms[page]';

export function fieldName(id: string, part?: string): string {
  return part === undefined ? `wpforms[fields][${id}]` : `wpforms[fields][${id}][${part}]`;
}

export function listName(id: string): string {
  return `wpforms[fields][${id}][]`;
}

export function quantityName(id: string): string {
  return `wpforms[quantities][${id}]`;
}

export function fileInputName(formId: string, fieldId: string): string {
  return `wpforms_${formId}_${fieldId}`;
}

/** A chosen file as both sides know it: the browser's `File`, the server's parsed part. */
export interface PostedFile {
  name: string;
  size: number;
  type: string;
}

/** One entry of the posted form, as `FormData` holds it. */
export type PostedEntry = [name: string, value: string | PostedFile];

/** What one field was given: its plain values, its sub-inputs, its files. */
export interface FieldValue {
  /** Values posted under the field's own name (`[id]` or `[id][]`), in order. */
  values: string[];
  /** Sub-inputs by part name. */
  parts: Record<string, string>;
  files: PostedFile[];
}

export type FieldValues = Record<string, FieldValue>;

/** Answers as an entry keeps them: a string, a list, or named parts, by field id. */
export type StoredAnswer = string | string[] | Record<string, string>;
export type StoredAnswers = Record<string, StoredAnswer>;

const FIELD_NAME = /^wpforms\[fields\]\[(\d{1,6})\](?:\[([a-z0-9_]*)\])?$/;
const QUANTITY_NAME = /^wpforms\[quantities\]\[(\d{1,6})\]$/;

/** Parts of a multi-valued field are posted as `[]`; everything else takes the last value. */
const LIST_TYPES = new Set(['checkbox', 'payment-checkbox']);

export function emptyValue(): FieldValue {
  return { values: [], parts: {}, files: [] };
}

/**
 * Reads posted entries into each field's value. Line breaks become `\n` (a browser posts a
 * textarea's as CRLF), values are trimmed, URLs get `https://` when they have no
 * scheme (seed 002 §5), names the form does not know are ignored.
 */
export function readFieldValues(form: FormDefinition, entries: Iterable<PostedEntry>): FieldValues {
  const byId = new Map(form.fields.map((field) => [field.id, field]));
  const values: FieldValues = {};
  const valueOf = (id: string) => (values[id] ??= emptyValue());
  for (const [name, raw] of entries) {
    if (typeof raw !== 'string') {
      const fieldId = fileFieldId(form.id, name);
      if (fieldId && byId.get(fieldId)?.type === 'file-upload') valueOf(fieldId).files.push(raw);
      continue;
    }
    const quantity = QUANTITY_NAME.exec(name);
    if (quantity?.[1] && byId.has(quantity[1])) {
      valueOf(quantity[1]).parts.quantity = normalize(raw);
      continue;
    }
    const match = FIELD_NAME.exec(name);
    const field = match?.[1] ? byId.get(match[1]) : undefined;
    if (!match || !field) continue;
    const part = match[2];
    const text = normalize(raw);
    const value = valueOf(field.id);
    if (part === undefined) value.values = [text];
    else if (part === '')
      value.values =
        LIST_TYPES.has(field.type) || isMultiple(field) ? [...value.values, text] : [text];
    else value.parts[part] = text;
  }
  for (const field of form.fields) {
    const value = values[field.id];
    if (field.type === 'url' && value?.values[0]) value.values[0] = withScheme(value.values[0]);
  }
  return values;
}

function isMultiple(field: FormField): boolean {
  return field.type === 'select' && field.multiple;
}

function fileFieldId(formId: string, name: string): string | undefined {
  const prefix = `wpforms_${formId}_`;
  if (!name.startsWith(prefix)) return undefined;
  const id = name.slice(prefix.length);
  return /^\d{1,6}$/.test(id) ? id : undefined;
}

function normalize(text: string): string {
  return text.replace(/\r\n?/g, '\n').trim();
}

/** Seed 002 §5: a URL without a scheme gets `https://`. */
export function withScheme(url: string): string {
  if (url === '' || /^[a-z][a-z0-9+.-]*:/i.test(url)) return url;
  return `https://${url.replace(/^\/+/, '')}`;
}

/** The field's main text: its one value (a list's values joined), or its parts joined. */
export function textOf(value: FieldValue | undefined): string {
  if (!value) return '';
  if (value.values.length > 0) return value.values.join(', ');
  return Object.values(value.parts)
    .filter((part) => part !== '')
    .join(' ');
}

/**
 * The entries a browser's form posts for given answers (what `new FormData(form)` collects from
 * the renderer's inputs): used by tests and by the renderer's own state.
 */
export function entriesOf(form: FormDefinition, values: FieldValues): PostedEntry[] {
  const entries: PostedEntry[] = [];
  for (const field of form.fields) {
    const value = values[field.id];
    if (!value) continue;
    if (field.type === 'file-upload') {
      for (const file of value.files) entries.push([fileInputName(form.id, field.id), file]);
      continue;
    }
    const multi = LIST_TYPES.has(field.type) || isMultiple(field);
    for (const text of value.values)
      entries.push([multi ? listName(field.id) : fieldName(field.id), text]);
    for (const [part, text] of Object.entries(value.parts)) {
      entries.push([
        part === 'quantity' ? quantityName(field.id) : fieldName(field.id, part),
        text,
      ]);
    }
  }
  return entries;
}

/** What an entry stores for a field: its list, its one value, or its parts. */
export function storedAnswer(field: FormField, value: FieldValue): StoredAnswer {
  if (LIST_TYPES.has(field.type) || isMultiple(field)) return value.values;
  if (Object.keys(value.parts).length > 0 && value.values.length === 0) return { ...value.parts };
  return value.values[0] ?? '';
}

import type { FormDefinition } from '../definition.ts';
import { formPages } from '../form-pages.ts';
import type { FieldValues } from '../wire.ts';
import { visibleFieldIds } from './conditions.ts';

/**
 * Seed 002 §2's page skipping: Next and Previous pass over a page whose fields are all hidden by
 * conditional logic (page breaks and hidden fields are not counted). The first page is never
 * treated as empty; the last is never skipped.
 */
export function isPageEmpty(
  form: FormDefinition,
  pageIndex: number,
  values: FieldValues,
  visible: Set<string> = visibleFieldIds(form, values),
): boolean {
  const pages = formPages(form);
  if (pageIndex <= 0 || pageIndex >= pages.length - 1) return false;
  return pages[pageIndex]!.fields.filter((f) => f.type !== 'hidden').every(
    (f) => !visible.has(f.id),
  );
}

/** The page Next (1) or Previous (-1) leads to from `from`, empty pages passed over. */
export function pageAfter(
  form: FormDefinition,
  values: FieldValues,
  from: number,
  direction: 1 | -1,
): number {
  const count = formPages(form).length;
  const visible = visibleFieldIds(form, values);
  let page = Math.min(Math.max(from + direction, 0), count - 1);
  while (page > 0 && page < count - 1 && isPageEmpty(form, page, values, visible))
    page += direction;
  return page;
}

/** The page holding the first of these field ids (the page to show after a refused submit). */
export function pageOfFirstField(form: FormDefinition, fieldIds: readonly string[]): number {
  const pages = formPages(form);
  const index = pages.findIndex((page) => page.fields.some((f) => fieldIds.includes(f.id)));
  return Math.max(index, 0);
}

import type { FieldOf, FormDefinition, FormField } from './definition.ts';

/**
 * A definition's pages and lookups, free of the schema library (zod) so that the browser's
 * bundles can import them: the rule engine, the renderer and embed.js.
 */

/** One page of a form: its fields in order (page breaks left out) and its title. */
export interface FormPage {
  index: number;
  title: string;
  fields: FormField[];
  /** The page break that ends this page (its Next / Previous labels); none on the last page. */
  pagebreak: FieldOf<'pagebreak'> | undefined;
}

/** The form's pages: the field list cut at each page break. */
export function formPages(form: FormDefinition): FormPage[] {
  const pages: FormPage[] = [
    { index: 0, title: form.settings.page_indicator.title, fields: [], pagebreak: undefined },
  ];
  for (const field of form.fields) {
    const page = pages[pages.length - 1]!;
    if (field.type === 'pagebreak') {
      page.pagebreak = field;
      pages.push({ index: pages.length, title: field.title, fields: [], pagebreak: undefined });
    } else {
      page.fields.push(field);
    }
  }
  return pages;
}

/** Fields that hold an answer (not layout: html, divider, page break). */
export function isInputField(field: FormField): boolean {
  return !['html', 'divider', 'pagebreak', 'payment-total', 'stripe-credit-card'].includes(
    field.type,
  );
}

export function fieldById(form: FormDefinition, id: string): FormField | undefined {
  return form.fields.find((field) => field.id === id);
}

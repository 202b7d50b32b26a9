import type { FormDefinition } from './definition.ts';

/**
 * A definition as the browser may see it: without its notifications (the owner's addresses)
 * and without the restricted e-mail lists (the browser asks `wpforms_restricted_email` instead).
 */
export function publicDefinition(form: FormDefinition): FormDefinition {
  return {
    ...form,
    notifications: [],
    fields: form.fields.map((field) =>
      field.type === 'email' ? { ...field, allowlist: [], denylist: [] } : field,
    ),
  };
}

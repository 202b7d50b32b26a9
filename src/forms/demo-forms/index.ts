import { formDefinitionSchema, type FormDefinition } from '../definition.ts';
import type { FormsRepo } from '../forms.repo.ts';
import contact from './contact.json';
import order from './order.json';

const definitions = [contact, order];

/** The demo forms of CONTRACT §3, checked by the definition schema (defaults filled in). */
export function demoForms(ids = definitions.map((form) => form.id)): FormDefinition[] {
  return definitions
    .filter((form) => ids.includes(form.id))
    .map((form) => formDefinitionSchema.parse(form));
}

/**
 * Adds the demo forms that are not stored yet. Only those are checked by the schema: on a shop
 * that has them, a start compiles none of the schema's parsers.
 */
export async function addMissingDemoForms(repo: FormsRepo): Promise<void> {
  const missing = await repo.missingForms(definitions.map((form) => form.id));
  if (missing.length > 0) await repo.addMissing(demoForms(missing));
}

import { formDefinitionSchema, type FormDefinition } from '../definition.ts';
import contact from './contact.json';
import order from './order.json';

/** The demo forms of CONTRACT §3, checked by the definition schema (defaults filled in). */
export function demoForms(): FormDefinition[] {
  return [contact, order].map((form) => formDefinitionSchema.parse(form));
}

import type { FormDefinition } from '../definition.ts';
import { readFieldValues, type FieldValues, type PostedEntry } from '../wire.ts';

/** The form's values as the server will read them: `FormData` through wire.ts's one reading. */
export function formValues(definition: FormDefinition, form: HTMLFormElement): FieldValues {
  const entries: PostedEntry[] = [];
  for (const [name, value] of new FormData(form)) entries.push([name, value]);
  return readFieldValues(definition, entries);
}

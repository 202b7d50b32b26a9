import type { ConditionRule, FormDefinition, FormField } from '../definition.ts';
import { textOf, type FieldValues } from '../wire.ts';

/**
 * Conditional logic: which fields are shown for the values given. A field with a rule is shown
 * when its action is `show` and a group holds, or `hide` and none does; a group holds when each
 * of its rules does. A hidden field reads as empty to the rules of other fields, so a chain of
 * rules (A shows B, B shows C) hides C whenever B is hidden, whatever B still holds. A loop of
 * rules reads the looping field as empty.
 */
export function visibleFieldIds(form: FormDefinition, values: FieldValues): Set<string> {
  const byId = new Map(form.fields.map((field) => [field.id, field]));
  const decided = new Map<string, boolean>();
  const deciding = new Set<string>();

  const isVisible = (field: FormField): boolean => {
    const known = decided.get(field.id);
    if (known !== undefined) return known;
    if (deciding.has(field.id)) return false;
    deciding.add(field.id);
    const logic = field.conditional;
    let visible = true;
    if (logic) {
      const holds = logic.groups.some((group) =>
        group.every((rule) => {
          const other = byId.get(rule.field);
          const shown = other !== undefined && isVisible(other);
          return ruleHolds(rule, shown ? comparable(values, rule.field) : []);
        }),
      );
      visible = logic.action === 'show' ? holds : !holds;
    }
    deciding.delete(field.id);
    decided.set(field.id, visible);
    return visible;
  };

  return new Set(form.fields.filter(isVisible).map((field) => field.id));
}

/** A field's values as rules compare them: each chosen value, or its one text. */
function comparable(values: FieldValues, id: string): string[] {
  const value = values[id];
  if (!value) return [];
  if (value.values.length > 1) return value.values;
  if (value.files.length > 0) return value.files.map((file) => file.name);
  const text = textOf(value);
  return text === '' ? [] : [text];
}

/**
 * One rule over a field's values, case-insensitive. With several values (checkboxes) a positive
 * operator holds when any value matches, a negative one when none does.
 */
export function ruleHolds(rule: ConditionRule, values: readonly string[]): boolean {
  const wanted = rule.value.trim().toLowerCase();
  const texts = values.map((v) => v.trim().toLowerCase());
  const any = (test: (text: string) => boolean) => texts.some(test);
  switch (rule.operator) {
    case 'e':
      return texts.length === 0;
    case '!e':
      return texts.length > 0;
    case '==':
      return any((t) => t === wanted);
    case '!=':
      return !any((t) => t === wanted);
    case 'c':
      return any((t) => t.includes(wanted));
    case '!c':
      return !any((t) => t.includes(wanted));
    case '^':
      return any((t) => t.startsWith(wanted));
    case '~':
      return any((t) => t.endsWith(wanted));
    case '>':
      return any((t) => compareNumbers(t, wanted) > 0);
    case '<':
      return any((t) => compareNumbers(t, wanted) < 0);
  }
}

/** Numbers compared as numbers; NaN (not a number on either side) matches neither > nor <. */
function compareNumbers(left: string, right: string): number {
  const a = Number.parseFloat(left);
  const b = Number.parseFloat(right);
  return Number.isNaN(a) || Number.isNaN(b) ? Number.NaN : a - b;
}

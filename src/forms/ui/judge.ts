import type { FormDefinition } from '../definition.ts';
import type { RuleServices } from '../rules/engine.ts';

/**
 * What the browser judges with: the definition as given, but restricted e-mail lists are asked of
 * the server (`wpforms_restricted_email`, restricted-email.ts), never shipped to the page, so the
 * engine's local list check is left out here; and the password scorer once it has loaded.
 */
export function browserDefinition(definition: FormDefinition): FormDefinition {
  return {
    ...definition,
    fields: definition.fields.map((field) =>
      field.type === 'email' ? { ...field, filter_type: 'none' as const } : field,
    ),
  };
}

let scorer: ((password: string) => number) | undefined;
let loading: Promise<void> | undefined;

/** Loads @zxcvbn-ts (large: its dictionaries) the first time a strength rule needs it. */
export function loadPasswordScorer(): Promise<void> {
  loading ??= import('../rules/password-strength.ts').then((module) => {
    scorer = module.passwordScore;
  });
  return loading;
}

export function passwordScorerReady(): boolean {
  return scorer !== undefined;
}

export const browserServices: RuleServices = {
  // Until the scorer has loaded a password is not refused for strength; Next and Submit wait for it.
  passwordScore: (password) => scorer?.(password) ?? 4,
};

import type { FormDefinition } from './definition.ts';
import type { RuleServices } from './rules/engine.ts';

/**
 * The rule engine's services on the server. The password scorer (@zxcvbn-ts: megabytes of
 * dictionaries to load and build) is imported the first time a form with a strength rule is
 * judged, not when the shop starts; a form without one never asks for a score.
 */
export async function serverRuleServices(form: FormDefinition): Promise<RuleServices> {
  const strengthRule = form.fields.some(
    (field) => field.type === 'password' && field.strength_min > 0,
  );
  if (!strengthRule) return { passwordScore: noStrengthRule };
  const { passwordScore } = await import('./rules/password-strength.ts');
  return { passwordScore };
}

function noStrengthRule(): never {
  throw new Error('A password was scored for a form without a strength rule.');
}

import { describe, expect, it } from 'vitest';
import { formDefinitionSchema, type FormDefinitionInput } from './definition.ts';
import { serverRuleServices } from './rule-services.ts';

const formWith = (field: Record<string, unknown>) =>
  formDefinitionSchema.parse({
    id: 'test',
    title: 'Test',
    fields: [{ id: '1', label: 'Field', ...field } as FormDefinitionInput['fields'][number]],
  });

describe('the server scores passwords only for forms with a strength rule', () => {
  it('scores with @zxcvbn-ts where a password field has a minimum strength', async () => {
    const services = await serverRuleServices(formWith({ type: 'password', strength_min: 3 }));
    expect(services.passwordScore('password1')).toBeLessThan(3);
    expect(services.passwordScore('correct horse battery staple')).toBeGreaterThanOrEqual(3);
  });

  it('has no scorer to call for a form without one', async () => {
    const services = await serverRuleServices(formWith({ type: 'password' }));
    expect(() => services.passwordScore('anything')).toThrow(/without a strength rule/);
  });
});

import { describe, expect, it } from 'vitest';
import { passwordStrength, personalWords } from './password-strength.ts';

describe('a new password’s strength (zxcvbn, WooCommerce’s minimum of 3)', () => {
  it('lets a few unrelated words through', async () => {
    expect(await passwordStrength('walnut sunrise ladder')).toEqual({
      score: 4,
      strongEnough: true,
      reason: null,
    });
  });

  it('refuses a common password, and says why', async () => {
    const verdict = await passwordStrength('password123');
    expect(verdict.strongEnough).toBe(false);
    expect(verdict.reason).toMatch(/commonly used password/);
  });

  it('refuses a password made of the customer’s own address', async () => {
    const verdict = await passwordStrength(
      'ada.lovelace1815',
      personalWords('ada.lovelace@example.com'),
    );
    expect(verdict.strongEnough).toBe(false);
  });
});

describe('the server’s check, in a worker thread', () => {
  it('reaches the same verdicts as the browser’s', async () => {
    const { serverPasswordStrength } = await import('./password-strength-worker.ts');
    for (const password of ['walnut sunrise ladder', 'password123', 'qwertyuiop']) {
      const words = personalWords('ada@example.com');
      expect(await serverPasswordStrength(password, words)).toEqual(
        await passwordStrength(password, words),
      );
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../platform/db/database.ts';
import { openTestDatabase } from '../platform/db/testing/test-database.ts';
import type { Customer } from './account.ts';
import { authenticate, type LoginDeps } from './login.ts';
import { loginThrottle } from './login-throttle.ts';
import { hashPassword } from './password.ts';

const limits = { perIp: { max: 20, windowMs: 60_000 }, perEmail: { max: 3, windowMs: 60_000 } };

let handle: DatabaseHandle;
beforeAll(async () => {
  // The throttle counts in the database (the domain function's counts are what is tested here).
  handle = await openTestDatabase('sqlite');
});
afterAll(() => handle.destroy());

const countersKept = async () =>
  (await handle.db.selectFrom('rate_limits').select('bucket').execute()).length;

async function deps(): Promise<LoginDeps & { lookups: string[] }> {
  await handle.db.deleteFrom('rate_limits').execute();
  const casey: Customer = {
    id: 7,
    email: 'customer@example.com',
    firstName: 'Casey',
    lastName: 'Customer',
    displayName: '',
    passwordHash: await hashPassword('correct horse battery staple'),
  };
  const lookups: string[] = [];
  return {
    lookups,
    // A still clock: every attempt of a test falls in one window.
    throttle: loginThrottle(handle.db, limits, () => 1_700_000_040_000),
    async findByEmail(email) {
      lookups.push(email);
      return email === casey.email ? casey : undefined;
    },
  };
}

describe('authenticate', () => {
  it('accepts the right password for the email, in any case', async () => {
    const d = await deps();
    const result = await authenticate(d, {
      username: ' Customer@Example.com ',
      password: 'correct horse battery staple',
      ip: '1.1.1.1',
    });
    expect(result).toMatchObject({ ok: true, customer: { id: 7 } });
    expect(d.lookups).toEqual(['customer@example.com']);
  });

  it('answers a wrong password and an unknown email with the same refusal', async () => {
    const d = await deps();
    const wrong = await authenticate(d, {
      username: 'customer@example.com',
      password: 'Tr0ub4dor&3',
      ip: '1.1.1.1',
    });
    const unknown = await authenticate(d, {
      username: 'nobody@example.com',
      password: 'correct horse battery staple',
      ip: '1.1.1.1',
    });
    expect(wrong).toEqual(unknown);
    expect(wrong).toEqual({
      ok: false,
      status: 401,
      code: 'invalid_credentials',
      message: 'The email address or password you entered is incorrect.',
      errors: { password: 'The email address or password you entered is incorrect.' },
    });
  });

  it('names each empty field, without counting an attempt', async () => {
    const d = await deps();
    const result = await authenticate(d, { username: '  ', password: '', ip: '1.1.1.1' });
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      errors: { username: 'Username is required.', password: 'The password field is empty.' },
    });
    expect(d.lookups).toEqual([]);
    expect(await countersKept()).toBe(0);
  });

  it('stops checking passwords for an email over its limit, even the right one', async () => {
    const d = await deps();
    for (let i = 0; i < 3; i++)
      await authenticate(d, {
        username: 'customer@example.com',
        password: `guess ${i}`,
        ip: '1.1.1.1',
      });
    const lookups = d.lookups.length;
    const result = await authenticate(d, {
      username: 'customer@example.com',
      password: 'correct horse battery staple',
      ip: '2.2.2.2',
    });
    expect(result).toMatchObject({
      ok: false,
      status: 429,
      code: 'too_many_attempts',
      message: 'Too many failed login attempts. Please try again in 1 minutes.',
    });
    expect(d.lookups).toHaveLength(lookups);
  });
});

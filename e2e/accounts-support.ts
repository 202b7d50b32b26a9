import { expect, type Page } from '@playwright/test';
import { newToken } from '../src/accounts/account-tokens.ts';
import { hashPassword } from '../src/accounts/password.ts';
import { withShopDatabase } from './support.ts';

/** A password zxcvbn finds strong enough (a few words that do not belong together). */
export const STRONG_PASSWORD = 'walnut sunrise ladder';

export function uniqueEmail(name: string): string {
  return `${name}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * A customer of their own for one test: tests run side by side, and the demo customer's saved
 * cart would follow every test that logs in as them.
 */
export async function newCustomer(
  name: string,
): Promise<{ email: string; password: string; id: number }> {
  const email = uniqueEmail(name);
  const passwordHash = await hashPassword(STRONG_PASSWORD);
  const id = await withShopDatabase(async (db) => {
    const row = await db
      .insertInto('customers')
      .values({
        email,
        password_hash: passwordHash,
        first_name: name,
        last_name: 'Tester',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return { email, password: STRONG_PASSWORD, id };
}

/**
 * A live password-reset link for a customer, stored as the shop stores one: for the pages that
 * only a link opens (their accessibility). The journey itself takes its link from the mail.
 */
export async function resetLinkFor(customerId: number, email: string): Promise<string> {
  const { token, hash } = newToken();
  await withShopDatabase((db) =>
    db
      .insertInto('account_tokens')
      .values({
        token_hash: hash,
        purpose: 'password_reset',
        customer_id: customerId,
        email,
        password_hash: null,
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 60 * 60_000).toISOString(),
      })
      .execute(),
  );
  return `/my-account/lost-password/?key=${token}`;
}

/** Logs in through the header's `Account` button and its `Log in` dialog. */
export async function logInThroughDialog(
  page: Page,
  email: string,
  password: string,
): Promise<void> {
  await page.getByRole('button', { name: 'Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await dialog.getByLabel('Username or email').fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
}

import { expect, test, type Page } from '@playwright/test';
import { logInThroughDialog, STRONG_PASSWORD, uniqueEmail } from './accounts-support.ts';
import { mailsMatching, waitForMail } from './mail.ts';
import { gotoHydrated } from './support.ts';

/** The link a mail carries to a page of the shop, as a path on the shop under test. */
function linkIn(text: string, path: string): string {
  const found = new RegExp(`https?://[^\\s\\]]+${path.replaceAll('/', '\\/')}\\?key=[\\w-]+`).exec(
    text,
  );
  if (!found) throw new Error(`no ${path} link in the mail:\n${text}`);
  const url = new URL(found[0]);
  return url.pathname + url.search;
}

async function logOut(page: Page): Promise<void> {
  await page.goto('/my-account/');
  await page
    .getByRole('navigation', { name: 'Account pages' })
    .getByRole('link', { name: 'Log out' })
    .click();
  await expect(page.getByRole('link', { name: 'My account' })).toHaveCount(0);
}

test.describe('accounts by mail', () => {
  test('register in the dialog and confirm by the mailed link; a lost password’s mailed link works once', async ({
    page,
  }) => {
    test.setTimeout(150_000); // one long journey: three mails to wait for, a dozen pages
    const email = uniqueEmail('mailed');
    await gotoHydrated(page, '/shop/');
    await page.getByRole('button', { name: 'Account' }).click();
    await page
      .getByRole('dialog', { name: 'Log in' })
      .getByRole('button', { name: 'Register' })
      .click();
    const register = page.getByRole('dialog', { name: 'Register' });
    // Content's order attribution rides along (empty until the visitor allows tracking).
    await expect(register.locator('input[name^="wc_order_attribution_"]')).not.toHaveCount(0);
    await register.getByLabel('Email address').fill(email);
    await register.getByLabel(/^Password/).fill(STRONG_PASSWORD);
    await register.getByRole('button', { name: 'Register' }).click();
    await expect(register.locator('.form-message')).toContainText(
      `Thanks! We have sent an email to ${email}.`,
    );

    // The mail arrives over SMTP; its link asks for one click (mail scanners open links too).
    const confirm = await waitForMail({ to: email, subject: /^Confirm your email address/ });
    await gotoHydrated(page, linkIn(confirm.text, '/my-account/confirm-email/'));
    await page.getByRole('button', { name: 'Confirm email address' }).click();
    await expect(page).toHaveURL(/\/my-account\/$/);
    await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
    await waitForMail({ to: email, subject: 'Your Hearth & Thread account has been created!' });
    await logOut(page);

    // Lost password from the dialog: the reset mail arrives once, its link sets a new password.
    await gotoHydrated(page, '/shop/');
    await page.getByRole('button', { name: 'Account' }).click();
    await page
      .getByRole('dialog', { name: 'Log in' })
      .getByRole('button', { name: 'Lost your password?' })
      .click();
    const lost = page.getByRole('dialog', { name: 'Lost your password?' });
    await lost.getByLabel('Username or email').fill(email);
    await lost.getByRole('button', { name: 'Reset password' }).click();
    await expect(lost.locator('.form-message')).toContainText('If that address has an account');
    const reset = await waitForMail({
      to: email,
      subject: 'Password Reset Request for Hearth & Thread',
    });
    const link = linkIn(reset.text, '/my-account/lost-password/');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    const newPassword = 'harbour violet kettle mist';
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel(/^Re-enter new password/).fill(newPassword);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('Your password has been reset. You are now logged in.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();
    await logOut(page);

    // The same link is refused the second time; the new password works.
    await page.goto(link);
    await expect(
      page.getByText('This password reset link is invalid, has expired or has been used already.'),
    ).toBeVisible();
    await gotoHydrated(page, '/shop/');
    await logInThroughDialog(page, email, newPassword);
    expect(
      await mailsMatching({ to: email, subject: 'Password Reset Request for Hearth & Thread' }),
    ).toHaveLength(1);
  });
});

import { expect, test } from '@playwright/test';
import { newCustomer, STRONG_PASSWORD, uniqueEmail } from './accounts-support.ts';

test.use({ javaScriptEnabled: false });

test.describe('accounts without JavaScript', () => {
  test('log in on /my-account/ (a wrong password’s error beneath its field), then log out', async ({
    page,
  }) => {
    const casey = await newCustomer('nojs');
    await page.goto('/my-account/');
    const login = page.locator('form.login');
    await login.getByLabel('Username or email').fill(casey.email);
    await login.getByLabel(/^Password/).fill('not the password');
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(page.locator('#password_error')).toHaveText(
      'The email address or password you entered is incorrect.',
    );
    await expect(login.getByLabel(/^Password/)).toHaveAttribute('aria-invalid', 'true');
    await expect(login.getByLabel('Username or email')).toHaveValue(casey.email);

    await page
      .locator('form.login')
      .getByLabel(/^Password/)
      .fill(casey.password);
    await page.locator('form.login').getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/my-account\/$/);
    await expect(page.getByText(/^Hello nojs/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'My account' })).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Log out' })
      .click();
    await expect(page.locator('form.login')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Account', exact: true })).toBeVisible();
  });

  test('register and ask for a reset link on the plain pages: the answers show above the forms', async ({
    page,
  }) => {
    await page.goto('/my-account/');
    const register = page.locator('form.register');
    const email = uniqueEmail('nojs-register');
    await register.getByLabel('Email address').fill(email);
    await register.getByLabel(/^Password/).fill('password123');
    await register.getByRole('button', { name: 'Register' }).click();
    await expect(page.locator('#reg_password_error')).toContainText(
      'Please enter a stronger password.',
    );

    await page.locator('form.register').getByLabel('Email address').fill(email);
    await page
      .locator('form.register')
      .getByLabel(/^Password/)
      .fill(STRONG_PASSWORD);
    await page.locator('form.register').getByRole('button', { name: 'Register' }).click();
    await expect(page.locator('form.register .form-message')).toHaveText(
      `Thanks! We have sent an email to ${email}. Follow the link in it to finish setting up your account.`,
    );

    await page.getByRole('link', { name: 'Lost your password?' }).click();
    await expect(page).toHaveURL(/\/my-account\/lost-password\/$/);
    await page.getByLabel('Username or email').fill(email);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await expect(page.locator('.form-message')).toContainText(
      'If that address has an account, we have sent it a link to reset your password.',
    );
  });
});

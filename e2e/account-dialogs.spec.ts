import { expect, test } from '@playwright/test';
import { newCustomer } from './accounts-support.ts';
import { expectAccessible, gotoHydrated } from './support.ts';

test.describe('the account dialogs', () => {
  test('log in from the header: a wrong password’s error beneath its field, show and hide it, then log out', async ({
    page,
  }) => {
    const casey = await newCustomer('dialog');
    await gotoHydrated(page, '/shop/');
    await page.getByRole('button', { name: 'Account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    const username = dialog.getByLabel('Username or email');
    const password = dialog.getByLabel(/^Password/);
    await expect(username).toBeFocused();

    await username.fill(casey.email);
    await password.fill('not the password');
    await dialog.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await dialog.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Log in' }).click();
    const error = dialog.locator('#dialog_password_error');
    await expect(error).toHaveText('The email address or password you entered is incorrect.');
    await expect(error).toHaveClass(/field-error/);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(password).toHaveAccessibleDescription(
      'The email address or password you entered is incorrect.',
    );
    await expect(password).toBeFocused();
    await expect(dialog.locator('#dialog_username_error')).toHaveCount(0);

    await password.fill(casey.password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    // Back on the same page, logged in: the header names the customer.
    await expect(page).toHaveURL(/\/shop\/$/);
    const account = page.getByRole('link', { name: 'My account' });
    await expect(account).toContainText('dialog');
    await account.click();
    await page
      .getByRole('navigation', { name: 'Account pages' })
      .getByRole('link', { name: 'Log out' })
      .click();
    await expect(page).toHaveURL(/\/my-account\/$/);
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'My account' })).toHaveCount(0);
  });

  for (const width of [390, 1280]) {
    test(`each dialog opens the others, keeps focus inside and passes axe at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, '/product/classic-hoodie/');
      const opener = page.getByRole('button', { name: 'Account' });
      await opener.click();
      const login = page.getByRole('dialog', { name: 'Log in' });
      await expect(login).toBeVisible();
      await expectAccessible(page);

      await login.getByRole('button', { name: 'Lost your password?' }).click();
      const lost = page.getByRole('dialog', { name: 'Lost your password?' });
      await expect(lost.getByLabel('Username or email')).toBeFocused();
      await expectAccessible(page);
      await lost.getByRole('button', { name: 'Log in' }).click();
      await page
        .getByRole('dialog', { name: 'Log in' })
        .getByRole('button', { name: 'Register' })
        .click();

      const register = page.getByRole('dialog', { name: 'Register' });
      await expect(register.getByLabel('Email address')).toBeFocused();
      await register.getByLabel(/^Password/).fill('password123');
      await expect(register.locator('.password-strength')).toContainText(
        'Password strength: Very weak',
      );
      await expect(register.locator('.password-strength')).toContainText('commonly used password');
      await expectAccessible(page);
      await register.getByRole('button', { name: 'Show password' }).click();
      await expect(register.getByLabel(/^Password/)).toHaveAttribute('type', 'text');

      // Focus stays in the dialog; Escape closes it and gives focus back to the header's button.
      for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
      expect(await register.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect(register).toHaveCount(0);
      await expect(opener).toBeFocused();
    });
  }
});

import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, withShopDatabase } from './support.ts';

/**
 * Issue 12: the demo forms on their own page. Without JavaScript the contact form posts to its
 * page and answers with the errors beneath the fields, then with the confirmation; the order form
 * moves between its pages by posting Next.
 */
const MINIMUM_SECONDS_MS = 3_100;
// Up to three axe runs per test: on a busy 2-core machine one takes up to 40 s.
test.describe.configure({ timeout: 120_000 });

test.describe('forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form shows errors beneath its fields, then its confirmation', async ({
    page,
  }) => {
    await page.goto('/forms/contact/');
    await page.getByLabel('Email').fill('ada@example');
    await page.getByRole('button', { name: 'Submit' }).click();
    const name = page.getByLabel('Name');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('This field is required.');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription(
      'Please enter a valid email address.',
    );
    await expect(page.getByLabel('Email')).toHaveValue('ada@example');
    await expect(page.getByRole('alert').first()).toContainText('Please correct the errors');

    const message = `Hello from the browser test ${Date.now()}`;
    await name.fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Message').fill(message);
    // The form refuses what is sent within its minimum seconds (anti-spam): a person takes longer.
    await page.waitForTimeout(MINIMUM_SECONDS_MS);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('.wpforms-confirmation-container')).toHaveText(
      'Thanks for contacting us! We will be in touch with you shortly.',
    );
    await expect(page.locator('.wpforms-confirmation-container')).toHaveRole('status');
    const stored = await withShopDatabase((db) =>
      db
        .selectFrom('form_entries')
        .select('fields_json')
        .where('form_id', '=', 'contact')
        .execute(),
    );
    expect(stored.some((row) => row.fields_json.includes(message))).toBe(true);
  });

  test('the order form goes to its next page by posting Next', async ({ page }) => {
    await page.goto('/forms/order/');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Name')).toHaveAccessibleDescription('This field is required.');
    await page.getByLabel('Name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Your order / Step 2 of 3')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Delivery address *' })).toBeVisible();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByLabel('Name')).toHaveValue('Ada Lovelace');
  });
});

// axe runs in the page, so these load the same server-rendered pages with JavaScript on.
test('the contact form passes axe at 390 and 1280 px, its errors too', async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/forms/contact/');
    await expect(page.getByRole('heading', { name: 'Contact us', level: 1 })).toBeVisible();
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
  }
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByLabel('Message')).toHaveAccessibleDescription(/This field is required/);
  await expectAccessible(page);
});

test('the order form passes axe at 390 and 1280 px', async ({ page }) => {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/forms/order/');
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1');
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
  }
});

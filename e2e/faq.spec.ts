import { expect, test } from '@playwright/test';
import { gotoHydrated } from './support.ts';

const groups = ['Orders', 'Shipping', 'Returns', 'Payments', 'Policies'];

test.describe('the FAQ', () => {
  test('filter buttons show their group; accordion headers open their numbered answers', async ({
    page,
  }) => {
    await gotoHydrated(page, '/faq/');
    for (const name of groups) {
      await expect(page.getByRole('main').getByRole('heading', { name, level: 2 })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Shipping', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Shipping', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page).toHaveURL(/\/faq\/\?group=shipping$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Shipping',
    ]);

    const first = page.getByRole('button', { name: /^01/ });
    await expect(first).toHaveText(/^01\s*How much does shipping cost\?/);
    await expect(page.getByRole('button', { name: /^02/ })).toHaveText(/^02/);
    const answer = page.getByText('In the US shipping is free from $50');
    await expect(answer).toBeHidden();
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(answer).toBeVisible();

    await page.getByRole('button', { name: 'Returns', exact: true }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Returns']);
    await page.getByRole('button', { name: 'All topics' }).click();
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(groups);
    await expect(page).toHaveURL(/\/faq\/$/);
  });

  test('a filter link opens its group', async ({ page }) => {
    await gotoHydrated(page, '/faq/?group=payments');
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Payments',
    ]);
    await expect(page.getByRole('button', { name: 'Payments', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  test('without JavaScript every answer is readable and the filters still work', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/faq/');
    await expect(page.getByText('In the US shipping is free from $50')).toBeVisible();
    await expect(page.getByText('Return anything unused within 30 days')).toBeVisible();
    await page.getByRole('button', { name: 'Returns', exact: true }).click();
    await expect(page).toHaveURL(/\/faq\/\?group=returns$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Returns']);
    await expect(page.getByText('Return anything unused within 30 days')).toBeVisible();
    await context.close();
  });
});

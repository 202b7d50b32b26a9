import { expect, test } from '@playwright/test';

test.describe('sorting the listing without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Sort lands on /shop/?orderby= with the trailing slash', async ({ page }) => {
    await page.goto('/shop/');
    await page.getByLabel('Shop order').selectOption('price');
    await page.getByRole('button', { name: 'Sort' }).click();
    await expect(page).toHaveURL(/\/shop\/\?orderby=price&paged=1$/);
    await expect(page.locator('.product-card-title').first()).toHaveText('Sticker Pack');
  });
});

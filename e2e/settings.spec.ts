import { expect, test } from '@playwright/test';
import { gotoHydrated, withShopDatabase } from './support.ts';

/**
 * Journeys that change shop-wide settings. They run after every other browser test (their own
 * Playwright project), so no other journey meets a setting it did not expect.
 */
async function setRedirectAfterAdd(on: boolean) {
  await withShopDatabase(async (db) => {
    const value = on ? 'yes' : 'no';
    await db
      .insertInto('settings')
      .values({ name: 'woocommerce_cart_redirect_after_add', value })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
      .execute();
  });
}

test.describe('cart_redirect_after_add', () => {
  test('with redirect after add on, the browser goes to the cart; off, it stays', async ({
    page,
  }) => {
    await setRedirectAfterAdd(true);
    try {
      await gotoHydrated(page, '/shop/?orderby=popularity&paged=1');
      await page.getByRole('link', { name: 'Add to cart: “Canvas Tote”' }).click();
      await expect(page).toHaveURL(/\/cart\/$/);
      await expect(page.locator('.cart_item')).toContainText('Canvas Tote');
    } finally {
      await setRedirectAfterAdd(false);
    }
    await gotoHydrated(page, '/shop/?orderby=popularity&paged=1');
    await page.getByRole('link', { name: 'Add to cart: “Canvas Tote”' }).click();
    await expect(page.locator('.products').getByRole('link', { name: 'View cart' })).toBeVisible();
    await expect(page).toHaveURL(/\/shop\/\?orderby=popularity/);
  });
});

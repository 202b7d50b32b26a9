import { expect, test } from '@playwright/test';
import { expectAccessible, gotoHydrated } from './support.ts';

test.describe('the mini cart', () => {
  test('removes an item through remove_from_cart and updates in place', async ({ page }) => {
    await gotoHydrated(page, '/shop/?orderby=rating');
    await page.getByRole('link', { name: 'Add to cart: “Classic Hoodie”' }).click();
    const widget = page.getByRole('complementary', { name: 'Your cart' });
    await expect(widget.getByRole('link', { name: 'Classic Hoodie', exact: true })).toBeVisible();
    await expectAccessible(page);
    const remove = page.waitForRequest((r) => r.url().includes('wc-ajax=remove_from_cart'));
    await widget.getByRole('link', { name: 'Remove Classic Hoodie from cart' }).click();
    expect((await remove).postData()).toContain('cart_item_key=');
    await expect(widget).toBeHidden();
    await expect(page).toHaveURL(/\/shop\/\?orderby=rating$/);
  });

  test('a failed remove_from_cart call follows the remove link instead', async ({ page }) => {
    await gotoHydrated(page, '/shop/?orderby=rating');
    await page.getByRole('link', { name: 'Add to cart: “Classic Hoodie”' }).click();
    const widget = page.getByRole('complementary', { name: 'Your cart' });
    await expect(widget.getByRole('link', { name: 'Classic Hoodie', exact: true })).toBeVisible();
    await page.route('**/?wc-ajax=remove_from_cart', (route) => route.abort('failed'));
    await widget.getByRole('link', { name: 'Remove Classic Hoodie from cart' }).click();
    await expect(page).toHaveURL(/\/cart\/$/);
    await expect(page.getByText('“Classic Hoodie” removed.')).toBeVisible();
  });

  test('an answer without fragments follows the remove link instead', async ({ page }) => {
    await gotoHydrated(page, '/shop/?orderby=rating');
    await page.getByRole('link', { name: 'Add to cart: “Canvas Tote”' }).click();
    const widget = page.getByRole('complementary', { name: 'Your cart' });
    await expect(widget.getByRole('link', { name: 'Canvas Tote', exact: true })).toBeVisible();
    await page.route('**/?wc-ajax=remove_from_cart', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{}' }),
    );
    await widget.getByRole('link', { name: 'Remove Canvas Tote from cart' }).click();
    await expect(page).toHaveURL(/\/cart\/$/);
    await expect(page.getByText('“Canvas Tote” removed.')).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('remove follows the link and the item is gone', async ({ page }) => {
      await page.goto('/shop/?orderby=rating');
      await page.getByRole('link', { name: 'Add to cart: “Canvas Tote”' }).click();
      const widget = page.getByRole('complementary', { name: 'Your cart' });
      await expect(widget.getByRole('link', { name: 'Canvas Tote', exact: true })).toBeVisible();
      await widget.getByRole('link', { name: 'Remove Canvas Tote from cart' }).click();
      await expect(page).toHaveURL(/\/cart\/$/);
      await expect(page.getByText('“Canvas Tote” removed.')).toBeVisible();
      await expect(page.getByText('Your cart is currently empty.')).toBeVisible();
    });
  });
});

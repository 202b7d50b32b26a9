import { expect, test } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, gotoHydrated } from './support.ts';

const pages = [
  '/',
  '/shop/',
  '/product/classic-hoodie/',
  '/product/linen-shirt/',
  '/cart/',
  '/checkout/',
  '/no-such-page/',
];

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    // One walk through the pages: a new browser context per page costs more than the checks.
    test('every page passes axe WCAG 2.2 AA and does not scroll sideways', async ({ page }) => {
      test.slow();
      for (const path of pages) {
        await test.step(path, async () => {
          await page.goto(path);
          await expectAccessible(page);
          await expectNoHorizontalScroll(page);
        });
      }
    });

    test('cart and checkout with items pass axe', async ({ page }) => {
      await gotoHydrated(page, '/product/classic-hoodie/');
      await page.getByRole('button', { name: 'Add to cart' }).click();
      await expect(page.getByRole('link', { name: 'View cart' })).toBeVisible();
      for (const path of ['/cart/', '/checkout/']) {
        await page.goto(path);
        await expectAccessible(page);
        await expectNoHorizontalScroll(page);
      }
    });
  });
}

test('a keyboard alone can add to cart and reach checkout', async ({ page }) => {
  await gotoHydrated(page, '/product/classic-hoodie/');
  const addButton = page.getByRole('button', { name: 'Add to cart' });
  for (let i = 0; i < 40 && !(await addButton.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(addButton).toBeFocused();
  await page.keyboard.press('Enter');
  const viewCart = page.getByRole('link', { name: 'View cart' });
  await expect(viewCart).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(viewCart).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cart\/$/);
  const checkout = page.getByRole('link', { name: 'Proceed to checkout' });
  for (let i = 0; i < 40 && !(await checkout.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(checkout).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout\/$/);
});

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
      await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
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
  // The slide-out cart opens with focus inside it; its checkout link waits for the policy box.
  const panel = page.getByRole('dialog', { name: 'Cart' });
  await expect(panel).toBeVisible();
  await expect
    .poll(() => panel.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  const policy = panel.getByRole('checkbox', { name: /^I have read and agree/ });
  for (let i = 0; i < 20 && !(await policy.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(policy).toBeFocused();
  await page.keyboard.press('Space');
  await expect(policy).toBeChecked();
  await page.keyboard.press('Tab');
  const checkout = panel.getByRole('link', { name: 'Proceed to checkout' });
  await expect(checkout).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout\/$/);
});

import { expect, test } from '@playwright/test';
import { expectAccessible, gotoHydrated } from './support.ts';

test.describe('ajax add to cart', () => {
  test(
    'five fast clicks give quantity 5, sent one request after another',
    { tag: '@database' },
    async ({ page }) => {
      await gotoHydrated(page, '/shop/');
      const spans: { start: number; end: number }[] = [];
      page.on('request', (request) => {
        if (request.url().includes('wc-ajax=add_to_cart'))
          spans.push({ start: Date.now(), end: Infinity });
      });
      page.on('requestfinished', (request) => {
        if (!request.url().includes('wc-ajax=add_to_cart')) return;
        const open = spans.find((s) => s.end === Infinity);
        if (open) open.end = Date.now();
      });
      const button = page.getByRole('link', { name: 'Add to cart: “Classic Hoodie”' });
      for (let i = 0; i < 5; i++) await button.click({ delay: 0 });
      await expect(
        page.locator('.products').getByRole('link', { name: 'View cart' }),
      ).toBeVisible();
      await expect.poll(() => spans.filter((s) => s.end !== Infinity).length).toBe(5);
      // One in flight at a time: each request starts only after the one before it finished.
      for (let i = 1; i < spans.length; i++)
        expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
      await expect(
        page.getByRole('button', { name: /^Cart/ }).locator('.cart-contents-count'),
      ).toHaveText('5');
    },
  );

  test('an answer with error and product_url sends the browser to the product page', async ({
    page,
  }) => {
    const productPage = await (await page.request.get('/product/linen-shirt/')).text();
    const linenShirtId = /name="product_id" value="(\d+)"/.exec(productPage)![1]!;
    await gotoHydrated(page, '/shop/');
    // A listing button that names a variable product, as a stale page or another theme would.
    const button = page.getByRole('link', { name: 'Add to cart: “Classic Hoodie”' });
    await button.evaluate((link, id) => (link.dataset.product_id = id), linenShirtId);
    await button.click();
    await expect(page).toHaveURL(/\/product\/linen-shirt\/$/);
  });

  test('adding more Desk Lamps than in stock lands on its product page, which says why', async ({
    page,
  }) => {
    await gotoHydrated(page, '/shop/');
    const lamp = page.getByRole('link', { name: 'Add to cart: “Desk Lamp”' });
    await lamp.click();
    await expect(page.locator('.products').getByRole('link', { name: 'View cart' })).toBeVisible();
    await lamp.click();
    await expect(page).toHaveURL(/\/product\/desk-lamp\/$/);
    await expect(page.getByRole('alert')).toHaveText(
      'You cannot add that amount of “Desk Lamp” to the cart because there is not enough stock (1 remaining).',
    );
    await expectAccessible(page);
  });

  test('another tab of the same browser picks up the new cart', async ({ page, context }) => {
    await gotoHydrated(page, '/shop/?orderby=date');
    const other = await context.newPage();
    await gotoHydrated(other, '/product/sticker-pack/');
    await page.getByRole('link', { name: 'Add to cart: “Sticker Pack”' }).click();
    await expect(page.locator('.products').getByRole('link', { name: 'View cart' })).toBeVisible();
    await expect(
      other.getByRole('button', { name: /^Cart/ }).locator('.cart-contents-count'),
    ).toHaveText('1');
  });
});

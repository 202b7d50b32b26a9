import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  withShopDatabase,
  gotoBeforeScripts,
  gotoHydrated,
} from './support.ts';

/** A variant's row, found by its name, within a panel (or anywhere on the page). */
function variantRow(scope: Page | Locator, name: string): Locator {
  return scope
    .locator(`.category-variant:has(> .category-variant-name:text-is(${JSON.stringify(name)}))`)
    .first();
}

/** The checkout's order review: one row per cart item. */
function reviewRows(page: Page) {
  return page.getByRole('table', { name: 'Your order' }).locator('tbody tr');
}

async function productIds(...slugs: string[]): Promise<Record<string, number>> {
  return withShopDatabase(async (db) => {
    const rows = await db
      .selectFrom('products')
      .select(['id', 'slug'])
      .where('slug', 'in', slugs)
      .execute();
    return Object.fromEntries(rows.map((row) => [row.slug, row.id]));
  });
}

test.describe('the category page with JavaScript', () => {
  test('a tab per product, switched with the arrow keys; Buy now on size M lands on the checkout with that size', async ({
    page,
  }) => {
    await gotoHydrated(page, '/product-category/clothing/');
    await expect(page.getByRole('heading', { name: 'Clothing', level: 1 })).toBeVisible();
    await expect(page.getByText('Hoodies and shirts made to last.')).toBeVisible();
    const tablist = page.getByRole('tablist', { name: 'Products in Clothing' });
    await expect(tablist.getByRole('tab')).toHaveText(['Classic Hoodie', 'Linen Shirt']);
    const hoodie = tablist.getByRole('tab', { name: 'Classic Hoodie' });
    const shirt = tablist.getByRole('tab', { name: 'Linen Shirt' });
    await expect(hoodie).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Classic Hoodie' })).toContainText('$45.00');

    await hoodie.focus();
    await page.keyboard.press('ArrowRight');
    await expect(shirt).toBeFocused();
    await expect(shirt).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    const panel = page.getByRole('tabpanel', { name: 'Linen Shirt' });
    // The selected tab and its panel name each other.
    await expect(shirt).toHaveAttribute('aria-controls', (await panel.getAttribute('id'))!);
    await expect(panel).toHaveAttribute('aria-labelledby', (await shirt.getAttribute('id'))!);
    const rows = panel.locator('.category-variant');
    await expect(rows.locator('.category-variant-name')).toHaveText(['Size S', 'Size M', 'Size L']);
    await expect(rows.locator('.price')).toHaveText(['$30.00', '$32.00', '$34.00']);
    await expect(panel.getByRole('button', { name: 'Buy now', exact: true })).toHaveCount(3);
    await page.keyboard.press('ArrowLeft');
    await expect(hoodie).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(shirt).toHaveAttribute('aria-selected', 'true');

    const ids = await productIds('linen-shirt', 'linen-shirt-m');
    const request = page.waitForRequest(
      (r) => r.url().includes('wc-ajax=add_to_cart') && r.method() === 'POST',
    );
    await variantRow(panel, 'Size M').getByRole('button', { name: 'Buy now' }).click();
    expect(Object.fromEntries(new URLSearchParams((await request).postData() ?? ''))).toEqual({
      product_sku: '',
      product_id: String(ids['linen-shirt']),
      variation_id: String(ids['linen-shirt-m']),
      quantity: '1',
    });
    await expect(page).toHaveURL(/\/checkout\/$/);
    await expect(reviewRows(page)).toHaveCount(1);
    await expect(reviewRows(page)).toContainText('Linen Shirt – M');
    await expect(reviewRows(page)).toContainText('× 1');
    await expect(reviewRows(page)).toContainText('$32.00');
  });

  test('the accessories tab shows the old price struck, the sale price and the discount; Buy now adds to the cart', async ({
    page,
  }) => {
    await gotoHydrated(page, '/product-category/clothing/');
    await expect(page.getByRole('tab', { name: 'Classic Hoodie' })).toBeVisible();
    await variantRow(page, 'Classic Hoodie').getByRole('button', { name: 'Buy now' }).click();
    await expect(page).toHaveURL(/\/checkout\/$/);
    await expect(reviewRows(page)).toHaveCount(1);

    await gotoHydrated(page, '/product-category/accessories/');
    await expect(page.getByRole('heading', { name: 'Accessories', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Canvas Tote']);
    const tote = variantRow(page.getByRole('tabpanel', { name: 'Canvas Tote' }), 'Canvas Tote');
    await expect(tote.locator('del')).toHaveText('$24.00');
    await expect(tote.locator('del')).toHaveCSS('text-decoration-line', 'line-through');
    await expect(tote.locator('ins')).toContainText('$18.00');
    await expect(tote.locator('.category-variant-discount')).toContainText('-25%');
    await expect(page.getByText('-25%')).toBeVisible();

    await tote.getByRole('button', { name: 'Buy now' }).click();
    await expect(page).toHaveURL(/\/checkout\/$/);
    // WooCommerce's buy now adds: the hoodie bought before is still there.
    await expect(reviewRows(page)).toHaveCount(2);
    await expect(reviewRows(page).filter({ hasText: 'Classic Hoodie' })).toContainText('$45.00');
    await expect(reviewRows(page).filter({ hasText: 'Canvas Tote' })).toContainText('$18.00');
  });

  test('the sections the server sent become the tab panels, not copies of them; a link followed before the scripts opens its tab', async ({
    page,
  }) => {
    const hydrate = await gotoBeforeScripts(page, '/product-category/clothing/');
    await expect(page.getByRole('tab')).toHaveCount(0);
    await page.getByRole('link', { name: 'Linen Shirt' }).first().click();
    await expect(page).toHaveURL(/#product-linen-shirt$/);
    // Marks on the server's elements: a remount would replace them with unmarked copies.
    await page
      .locator('#product-linen-shirt, #product-classic-hoodie')
      .evaluateAll((sections) =>
        sections.forEach((section) => ((section as HTMLElement).dataset.sentByServer = 'yes')),
      );
    await hydrate();
    const shirt = page.getByRole('tab', { name: 'Linen Shirt' });
    await expect(shirt).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel', { name: 'Linen Shirt' });
    await expect(panel.locator('#product-linen-shirt[data-sent-by-server="yes"]')).toBeVisible();
    await expect(page.locator('#product-classic-hoodie[data-sent-by-server="yes"]')).toBeHidden();
    await page.getByRole('tab', { name: 'Classic Hoodie' }).click();
    await expect(page.locator('#product-classic-hoodie[data-sent-by-server="yes"]')).toBeVisible();
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
  });

  test('an address whose fragment is not valid percent-encoding still gets its tabs, the first open', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await gotoHydrated(page, '/product-category/clothing/#%E0%A4%A');
    const hoodie = page.getByRole('tab', { name: 'Classic Hoodie' });
    await expect(hoodie).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveCount(1);
    expect(errors).toEqual([]);
  });

  test('an unknown category is not found', async ({ page }) => {
    const response = await page.goto('/product-category/no-such-category/');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  });

  for (const width of [390, 1280]) {
    test(`meets WCAG 2.2 AA and fits at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, '/product-category/clothing/');
      await expect(page.getByRole('tab', { name: 'Classic Hoodie' })).toBeVisible();
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      await page.getByRole('tab', { name: 'Linen Shirt' }).click();
      await expect(page.getByRole('tabpanel', { name: 'Linen Shirt' })).toBeVisible();
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      await gotoHydrated(page, '/product-category/accessories/');
      await expect(page.getByRole('tab', { name: 'Canvas Tote' })).toBeVisible();
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
    });
  }
});

test.describe('the category page without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('every product is a section of its own, and Buy now lands on the checkout with that variant', async ({
    page,
  }) => {
    await page.goto('/product-category/clothing/');
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Classic Hoodie',
      'Linen Shirt',
    ]);
    await expect(page.getByRole('navigation', { name: 'Products in Clothing' })).toBeVisible();
    await expect(variantRow(page, 'Size L')).toContainText('$34.00');

    await variantRow(page, 'Size M').getByRole('button', { name: 'Buy now' }).click();
    await expect(page).toHaveURL(/\/checkout\/$/);
    await expect(page.getByText('“Linen Shirt - M” has been added to your cart.')).toBeVisible();
    await expect(reviewRows(page)).toHaveCount(1);
    await expect(reviewRows(page)).toContainText('Linen Shirt – M');
    await expect(reviewRows(page)).toContainText('$32.00');

    await page.goto('/product-category/accessories/');
    await variantRow(page, 'Canvas Tote').getByRole('button', { name: 'Buy now' }).click();
    await expect(page).toHaveURL(/\/checkout\/$/);
    await expect(reviewRows(page)).toHaveCount(2);
    await expect(reviewRows(page).filter({ hasText: 'Canvas Tote' })).toContainText('$18.00');
  });
});

/**
 * The markup a visitor without JavaScript gets (and everyone gets before hydration): axe needs
 * JavaScript to run, so the page keeps it but never loads the app's bundles.
 */
test.describe('the category page as the server renders it', () => {
  for (const width of [390, 1280]) {
    test(`meets WCAG 2.2 AA and fits at ${width} px`, async ({ page }) => {
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.setViewportSize({ width, height: 900 });
      for (const slug of ['clothing', 'accessories']) {
        await page.goto(`/product-category/${slug}/`);
        await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
        await expect(page.getByRole('tab')).toHaveCount(0);
        await expectAccessible(page);
        await expectNoHorizontalScroll(page);
      }
    });
  }
});

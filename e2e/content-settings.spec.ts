import { expect, test } from '@playwright/test';
import { expectAccessible, gotoHydrated, withShopDatabase } from './support.ts';

/**
 * The store notice and the coming-soon banner, set through WooCommerce's settings (the demo has
 * both on, with WooCommerce's demo text; here a notice of another text). Named
 * `*settings.spec.ts`: it runs in the settings project, after every other journey, so none of
 * them meets a notice it did not expect.
 */
async function readSettings(names: string[]): Promise<Record<string, string>> {
  return withShopDatabase(async (db) =>
    Object.fromEntries(
      (await db.selectFrom('settings').selectAll().where('name', 'in', names).execute()).map(
        (row) => [row.name, row.value],
      ),
    ),
  );
}

async function setSettings(values: Record<string, string>) {
  await withShopDatabase(async (db) => {
    for (const [name, value] of Object.entries(values)) {
      await db
        .insertInto('settings')
        .values({ name, value })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
        .execute();
    }
  });
}

const NOTICE = 'Orders placed this week ship on Monday — thank you for your patience.';

test.describe('store notice and coming-soon banner', () => {
  const turnedOn = {
    woocommerce_demo_store: 'yes',
    woocommerce_demo_store_notice: NOTICE,
    woocommerce_coming_soon: 'yes',
  };
  // The demo's own settings, given back afterwards.
  let before: Record<string, string> = {};
  test.beforeAll(async () => {
    before = await readSettings(Object.keys(turnedOn));
    await setSettings(turnedOn);
  });
  test.afterAll(async () => {
    await setSettings(before);
  });

  test('Dismiss hides the store notice by its cookie, still hidden after reload and on other pages', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    // A query of its own: an address no earlier visitor had cached without the notice.
    await gotoHydrated(page, '/?store-notice');
    const notice = page.getByRole('region', { name: 'Store notice' });
    await expect(notice).toContainText(NOTICE);
    const id = await notice.getAttribute('data-notice-id');
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toBeHidden();
    const cookie = (await context.cookies()).find((c) => c.name === `store_notice${id}`);
    expect(cookie).toMatchObject({ value: 'hidden', path: '/' });

    await page.reload();
    await expect(page.locator('.woocommerce-store-notice')).toBeHidden();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(page.locator('.woocommerce-store-notice')).toBeHidden();
    await gotoHydrated(page, '/shop/?store-notice');
    await expect(page.locator('.woocommerce-store-notice')).toBeHidden();

    // Before any module runs, the page's inline script has hidden it: rendered fresh (its nonce)
    // and replayed from the micro-cache (its hash) alike, with no script refused by the CSP.
    const refused: string[] = [];
    const bare = await context.newPage();
    bare.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await bare.route('**/assets/**/*.js', (route) => route.abort());
    for (let visit = 0; visit < 2; visit++) {
      const answer = await bare.goto('/faq/?store-notice-before-hydration');
      expect(answer?.headers()['x-page-cache']).toBe(visit === 0 ? 'MISS' : 'HIT');
      await expect(bare.locator('.woocommerce-store-notice')).toHaveCount(1);
      await expect(bare.locator('.woocommerce-store-notice')).toBeHidden();
      await expect(bare.locator('html[data-hydrated]')).toHaveCount(0);
    }
    expect(refused).toEqual([]);
    await bare.close();
  });

  test('the banner’s Dismiss posts woocommerce_meta with its nonce, then hides for good', async ({
    page,
  }) => {
    await gotoHydrated(page, '/?coming-soon');
    const banner = page.getByRole('region', { name: 'Coming soon' });
    const dismiss = banner.getByRole('button', { name: 'Dismiss' });
    const restUrl = await dismiss.getAttribute('data-rest-url');
    const nonce = await dismiss.getAttribute('data-nonce');
    expect(nonce).toMatch(/^\w{12}$/);
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith(restUrl!));
    const answered = page.waitForResponse((r) => r.url().endsWith(restUrl!));
    await dismiss.click();
    const request = await sent;
    expect(request.headers()['x-wp-nonce']).toBe(nonce);
    expect(request.postDataJSON()).toEqual({
      woocommerce_meta: { coming_soon_banner_dismissed: 'yes' },
    });
    expect((await answered).status()).toBe(200);
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.locator('.coming-soon-banner')).toBeHidden();
  });

  test('the banner hides when the dismissal fails too', async ({ page }) => {
    await page.route('**/wp/v2/users/me', (route) => route.abort());
    await gotoHydrated(page, '/?coming-soon-fails');
    const banner = page.getByRole('region', { name: 'Coming soon' });
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toBeHidden();
  });

  for (const width of [390, 1280]) {
    test(`the notice and the banner pass axe at ${width} px`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, `/faq/?notices-${width}`);
      await expect(page.getByRole('region', { name: 'Store notice' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Coming soon' })).toBeVisible();
      await expectAccessible(page);
    });
  }
});

import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { fillBilling, gotoHydrated, withShopDatabase } from './support.ts';

/**
 * Order attribution (seed 000 §3, §9): tracked only with the statistics or marketing consent.
 * Until the consent banner lands, the choice is set as its cookie (`shop_consent`) directly.
 */
async function grantStatistics(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: 'shop_consent', value: 'statistics', url: baseURL }]);
}

/** The tracking cookies the page has set so far. */
async function trackingCookies(context: BrowserContext) {
  return (await context.cookies()).filter((c) => c.name.startsWith('sbjs_'));
}

async function toCheckoutFrom(page: Page, entry: string, { tracked }: { tracked: boolean }) {
  await gotoHydrated(page, entry);
  // The tracker loads after hydration: the entry page's visit is recorded before moving on.
  if (tracked) {
    await expect
      .poll(async () => (await trackingCookies(page.context())).map((c) => c.name))
      .toContain('sbjs_current');
  }
  await gotoHydrated(page, '/product/canvas-tote/');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
  await gotoHydrated(page, '/checkout/');
}

const input = (page: Page, field: string) =>
  page.locator(`input[type="hidden"][name="wc_order_attribution_${field}"]`);

test.describe('order attribution', () => {
  // Four pages and an order each, on a shared machine.
  test.describe.configure({ timeout: 90_000 });

  test(
    'with consent, a ?utm_source=news visit fills the inputs and is saved with the order',
    { tag: '@database' },
    async ({ page, context, baseURL }) => {
      await grantStatistics(context, baseURL!);
      await toCheckoutFrom(page, '/?utm_source=news', { tracked: true });
      await expect(input(page, 'source_type')).toHaveValue('utm');
      await expect(input(page, 'utm_source')).toHaveValue('news');
      await expect(input(page, 'session_entry')).toHaveValue(/\/\?utm_source=news$/);
      await expect(input(page, 'session_pages')).toHaveValue('3');
      await expect(input(page, 'session_count')).toHaveValue('1');
      await expect(input(page, 'user_agent')).toHaveValue(/Mozilla/);
      const tracking = await trackingCookies(context);
      expect(tracking.map((c) => c.name)).toEqual(
        expect.arrayContaining(['sbjs_current', 'sbjs_session']),
      );
      const current = tracking.find((c) => c.name === 'sbjs_current')!;
      expect(current.path).toBe('/');
      // 6 months (sourcebuster counts 30-day months); the visit itself lasts 30 minutes.
      expect(current.expires * 1000 - Date.now()).toBeGreaterThan(179 * 86_400_000);
      const session = tracking.find((c) => c.name === 'sbjs_session')!;
      expect(session.expires * 1000 - Date.now()).toBeLessThanOrEqual(30 * 60_000 + 5_000);

      await fillBilling(page, 'attributed@example.com');
      await page.getByRole('radio', { name: 'Cash on delivery' }).check();
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
      const orderId = Number(/order-received\/(\d+)\//.exec(page.url())![1]);
      const saved = await withShopDatabase((db) =>
        db
          .selectFrom('order_attribution')
          .selectAll()
          .where('order_id', '=', orderId)
          .executeTakeFirst(),
      );
      expect(saved).toMatchObject({
        source_type: 'utm',
        utm_source: 'news',
        session_pages: 3,
        session_count: 1,
        device_type: 'Desktop',
      });
      expect(saved!.session_entry).toMatch(/\/\?utm_source=news$/);
    },
  );

  test('without consent nothing is tracked: no cookie, empty inputs, nothing saved', async ({
    page,
    context,
  }) => {
    await toCheckoutFrom(page, '/?utm_source=news', { tracked: false });
    await expect(input(page, 'source_type')).toHaveValue('');
    await expect(input(page, 'utm_source')).toHaveValue('');
    expect(await trackingCookies(context)).toEqual([]);

    await fillBilling(page, 'untracked@example.com');
    await page.getByRole('radio', { name: 'Cash on delivery' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    const orderId = Number(/order-received\/(\d+)\//.exec(page.url())![1]);
    const saved = await withShopDatabase((db) =>
      db.selectFrom('order_attribution').selectAll().where('order_id', '=', orderId).execute(),
    );
    expect(saved).toEqual([]);
  });

  test('withdrawing consent deletes the tracking cookies and empties the inputs', async ({
    page,
    context,
    baseURL,
  }) => {
    await grantStatistics(context, baseURL!);
    await toCheckoutFrom(page, '/?utm_source=news', { tracked: true });
    await expect(input(page, 'utm_source')).toHaveValue('news');
    // What the consent API's set() does (src/platform/consent/browser-consent.ts).
    await page.evaluate(() => {
      document.cookie = 'shop_consent=-; path=/';
      const choice = { preferences: false, statistics: false, marketing: false };
      window.dispatchEvent(new CustomEvent('shop:consent-change', { detail: choice }));
    });
    await expect(input(page, 'utm_source')).toHaveValue('');
    expect(await trackingCookies(context)).toEqual([]);
  });
});

import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoHydrated } from './support.ts';

/** How many line boxes an element's text takes. */
function lines(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
}

const top = async (locator: Locator) => (await locator.boundingBox())!.y;

for (const width of [390, 1280]) {
  test.describe(`the cart and the checkout at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('Apply coupon is one line; the card fields line up; Payment method has room above it', async ({
      page,
    }) => {
      await page.goto('/?add-to-cart=1');
      await page.goto('/cart/');
      const apply = page.locator('.cart-coupon').getByRole('button', { name: 'Apply coupon' });
      expect(await lines(apply)).toBe(1);
      const code = page.locator('.cart-coupon').getByLabel('Coupon code');
      expect((await code.boundingBox())!.height).toBeLessThanOrEqual(48);

      await gotoHydrated(page, '/checkout/');
      await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
      expect(
        Math.abs(
          (await top(page.getByLabel('Expiration date'))) -
            (await top(page.getByLabel('Security code'))),
        ),
      ).toBeLessThanOrEqual(1);
      const review = await page.locator('.woocommerce-checkout-review-order-table').boundingBox();
      const legend = await page.getByText('Payment method', { exact: true }).boundingBox();
      expect(legend!.y - (review!.y + review!.height)).toBeGreaterThanOrEqual(16);
    });
  });
}

/** How far the page reaches below the footer's end, and where that end is. */
function footerEnd(page: Page) {
  return page.evaluate(() => {
    const footer = document.querySelector('.site-footer')!.getBoundingClientRect();
    return {
      below: document.documentElement.scrollHeight - (footer.bottom + window.scrollY),
      bottom: footer.bottom + window.scrollY,
      window: window.innerHeight,
    };
  });
}

for (const width of [390, 1280]) {
  test(`nothing lies under the footer at ${width} px, the cookie banner open or not; a short page fills the window`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 1000 });
    const cookieBanner = page.getByRole('region', { name: 'Cookies on this shop' });
    for (const chosen of [false, true]) {
      if (chosen) await cookieBanner.getByRole('button', { name: 'Reject all' }).click();
      // The empty cart, the cart with a hoodie (both shorter than the window at 1280 px), home.
      for (const url of ['/cart/', '/?add-to-cart=1', '/cart/', '/']) {
        if (url.includes('add-to-cart')) {
          await page.goto(url);
          continue;
        }
        await gotoHydrated(page, url);
        await expect(cookieBanner).toBeVisible({ visible: !chosen });
        await expect
          .poll(async () => Math.abs((await footerEnd(page)).below), `${url}: below the footer`)
          .toBeLessThanOrEqual(1);
        const end = await footerEnd(page);
        expect(end.bottom, `${url}: the footer's end`).toBeGreaterThanOrEqual(end.window - 1);
        // At the page's end, the banner leaves the footer's last line in sight.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const credit = (await page.locator('.site-footer-credit').boundingBox())!;
        const top = chosen ? end.window : (await cookieBanner.boundingBox())!.y;
        expect(credit.y + credit.height, `${url}: the footer's last line`).toBeLessThanOrEqual(top);
      }
    }
  });
}

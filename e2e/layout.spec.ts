import { expect, test, type Locator } from '@playwright/test';
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

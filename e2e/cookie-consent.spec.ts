import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, gotoHydrated } from './support.ts';

/** The cookies the shop needs to work (CONTRACT §5's `Necessary`): nothing else before consent. */
const necessary = [
  'shop_consent',
  'shop_session',
  'woocommerce_items_in_cart',
  'woocommerce_cart_hash',
];

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on this shop' });

async function consentCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === 'shop_consent')?.value;
}

test.describe('the cookie consent banner', () => {
  test('is accessible at 390 and 1280 px, and leaves the cart button uncovered', async ({
    page,
  }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await gotoHydrated(page, '/product/classic-hoodie/');
      await expect(banner(page)).toBeVisible();
      // A link reached by keyboard scrolls into view above the banner (WCAG 2.4.11).
      for (const name of ['All products', 'Cookie settings']) {
        const link = page.getByRole('contentinfo').getByRole('link', { name });
        await link.focus();
        const [linkBox, bannerBox] = [await link.boundingBox(), await banner(page).boundingBox()];
        expect(linkBox!.y + linkBox!.height).toBeLessThanOrEqual(bannerBox!.y);
      }
      await page.getByRole('button', { name: 'Choose' }).click();
      await expect(page.getByRole('checkbox', { name: 'Necessary' })).toBeChecked();
      await expect(page.getByRole('checkbox', { name: 'Necessary' })).toBeDisabled();
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      // The cart button can still be pressed: nothing lies over it.
      await page.getByRole('button', { name: /^Cart/ }).click({ trial: true });
    }
  });

  test('is compact on a 390 × 844 phone: a fifth of the screen at most, its three buttons in one row', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, '/');
    await expect(banner(page)).toBeVisible();
    expect((await banner(page).boundingBox())!.height).toBeLessThanOrEqual(844 / 5);
    const buttons = ['Accept all', 'Reject all', 'Choose'].map((name) =>
      banner(page).getByRole('button', { name, exact: true }),
    );
    const tops = await Promise.all(
      buttons.map(async (b) => Math.round((await b.boundingBox())!.y)),
    );
    expect(new Set(tops).size, `tops ${tops.join(', ')}`).toBe(1);
    for (const button of buttons) await expect(button).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole('heading', { name: 'Cookies on this shop' })).toBeInViewport({
      ratio: 1,
    });
  });

  test('reject all leaves no cookie but the necessary ones, across pages and a reload', async ({
    page,
  }) => {
    await gotoHydrated(page, '/product/classic-hoodie/');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Reject all' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await consentCookie(page)).toBe('-');
    expect(await page.evaluate(() => window.shopConsent?.granted('statistics'))).toBe(false);
    await gotoHydrated(page, '/shop/');
    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(banner(page)).toBeHidden();
    const names = (await page.context().cookies()).map((c) => c.name);
    expect(names.filter((name) => !necessary.includes(name))).toEqual([]);
  });

  test('accept all grants every category and tells the page; the footer link changes it later', async ({
    page,
  }) => {
    await gotoHydrated(page, '/shop/');
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { consentEvents: unknown[] }).consentEvents = seen;
      window.addEventListener('shop:consent-change', (event) =>
        seen.push((event as CustomEvent).detail),
      );
    });
    await page.getByRole('button', { name: 'Accept all' }).click();
    await expect(banner(page)).toBeHidden();
    expect(
      await page.evaluate(() => (window as unknown as { consentEvents: unknown[] }).consentEvents),
    ).toEqual([{ preferences: true, statistics: true, marketing: true }]);
    expect(await page.evaluate(() => window.shopConsent?.granted('marketing'))).toBe(true);

    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(banner(page)).toBeHidden();
    const link = page.getByRole('link', { name: 'Cookie settings' });
    await link.click();
    await expect(banner(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cookies on this shop' })).toBeFocused();
    await expect(page.getByRole('checkbox', { name: 'Marketing' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Marketing' }).uncheck();
    await page.getByRole('checkbox', { name: 'Preferences' }).uncheck();
    await page.getByRole('button', { name: 'Save my choices' }).click();
    await expect(banner(page)).toBeHidden();
    await expect(link).toBeFocused();
    expect(await consentCookie(page)).toBe('statistics');
    expect(await page.evaluate(() => window.shopConsent?.granted('marketing'))).toBe(false);

    // Escape closes it again without changing the choice.
    await link.click();
    await expect(banner(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(banner(page)).toBeHidden();
    expect(await consentCookie(page)).toBe('statistics');
  });
});

test.describe('the cookie consent banner without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('its form stores the choice and comes back; the footer link opens it again', async ({
    page,
  }) => {
    await page.goto('/shop/?orderby=price');
    await expect(banner(page)).toBeVisible();
    await page.getByRole('button', { name: 'Reject all' }).click();
    await expect(page).toHaveURL(/\/shop\/\?orderby=price$/);
    await expect(banner(page)).toBeHidden();
    expect(await consentCookie(page)).toBe('-');

    await page.getByRole('link', { name: 'Cookie settings' }).click();
    await expect(banner(page)).toBeVisible();
    await page.getByRole('checkbox', { name: 'Statistics' }).check();
    await page.getByRole('button', { name: 'Save my choices' }).click();
    await expect(page).toHaveURL(/\/shop\/\?orderby=price$/);
    await expect(banner(page)).toBeHidden();
    expect(await consentCookie(page)).toBe('statistics');
  });
});

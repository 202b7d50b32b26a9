import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { expectAccessible, gotoHydrated } from './support.ts';

/** Adds on the product page: the cart opens on the item (the slide-out flow), then is closed. */
async function addOnProductPage(page: Page, slug: string) {
  await gotoHydrated(page, `/product/${slug}/`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const panel = page.getByRole('dialog', { name: 'Cart' });
  await expect(panel.getByRole('listitem')).not.toHaveCount(0);
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
}

const isSlideOutAdd = (request: Request) =>
  request.url().endsWith('/admin-ajax') &&
  new URLSearchParams(request.postData() ?? '').get('action') === 'add_to_cart';

const openPanel = async (page: Page) => {
  await page.getByRole('button', { name: /^Cart/ }).click();
  const panel = page.getByRole('dialog', { name: 'Cart' });
  await expect(panel).toBeVisible();
  return panel;
};

test.describe('adding on the product page (the slide-out flow)', () => {
  test('Add to cart opens the cart on the item; the button waits for the answer', async ({
    page,
  }) => {
    await gotoHydrated(page, '/product/classic-hoodie/');
    // The add waits until the test lets it through.
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route('**/admin-ajax', async (route: Route) => {
      if (isSlideOutAdd(route.request())) await held;
      await route.continue();
    });
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    const button = page.getByRole('button', { name: 'Add to cart' });
    const sent = page.waitForRequest(isSlideOutAdd);
    await button.click();
    await sent;
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('dialog', { name: 'Cart' })).toHaveCount(0);
    letThrough();

    const panel = page.getByRole('dialog', { name: 'Cart' });
    await expect(panel).toBeVisible();
    const hoodie = panel.getByRole('listitem').filter({ hasText: 'Classic Hoodie' });
    await expect(hoodie.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    await expect(panel.locator('.panel-total')).toContainText('$90.00');
    await expect
      .poll(() => panel.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await expect(page.getByRole('link', { name: 'View cart' })).toHaveCount(0);
    await expectAccessible(page);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
    // Focus goes back to the button that opened the cart, enabled again.
    await expect(button).toBeFocused();
    await expect(button).toBeEnabled();
    await expect(page.getByRole('button', { name: /^Cart/ })).toContainText('2');

    // Again, by keyboard, with the panel's code loaded: the same line grows, focus comes back.
    await page.keyboard.press('Enter');
    await expect(hoodie.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('4');
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('a refused add enables the button again and shows why; the cart stays closed', async ({
    page,
  }) => {
    await gotoHydrated(page, '/product/desk-lamp/');
    const button = page.getByRole('button', { name: 'Add to cart' });
    await button.click();
    const panel = page.getByRole('dialog', { name: 'Cart' });
    await expect(panel.getByRole('link', { name: /Desk Lamp/ })).toBeVisible();
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();

    // The lamp's one in stock is in the cart already: the shop refuses another.
    const refused = page.waitForResponse((response) => isSlideOutAdd(response.request()));
    await button.click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByRole('alert')).toHaveText(
      'You cannot add that amount of “Desk Lamp” to the cart because there is not enough stock (1 remaining).',
    );
    await expect(button).toBeEnabled();
    await expect(button).toBeFocused();
    await expect(panel).toBeHidden();
    await expectAccessible(page);
  });

  test('a failure that is not the shop’s answer (a proxy’s 503 page) enables the button again', async ({
    page,
  }) => {
    await gotoHydrated(page, '/product/classic-hoodie/');
    await page.route('**/admin-ajax', (route: Route) =>
      isSlideOutAdd(route.request())
        ? route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Down</h1>' })
        : route.continue(),
    );
    const button = page.getByRole('button', { name: 'Add to cart' });
    await button.click();
    // Not the page's text: the shop's own last-resort words.
    await expect(page.getByRole('alert')).toHaveText('An unknown error occurred.');
    await expect(button).toBeEnabled();
    await expect(page.getByRole('dialog', { name: 'Cart' })).toHaveCount(0);

    // Once the shop answers again, the same button adds.
    await page.unrouteAll();
    await button.click();
    await expect(
      page.getByRole('dialog', { name: 'Cart' }).getByRole('link', { name: /Classic Hoodie/ }),
    ).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a variable product adds the chosen size and the cart shows that variation', async ({
    page,
  }) => {
    await gotoHydrated(page, '/product/linen-shirt/');
    await page.getByLabel('Size').selectOption('L');
    await expect(page.locator('.variation-price')).toContainText('$34.00');
    const sent = page.waitForRequest(isSlideOutAdd);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const fields = new URLSearchParams((await sent).postData() ?? '');
    expect(fields.get('attribute_size')).toBe('L');
    expect(fields.get('variation_id')).toMatch(/^\d+$/);
    const panel = page.getByRole('dialog', { name: 'Cart' });
    const shirt = panel.getByRole('listitem').filter({ hasText: 'Linen Shirt' });
    await expect(shirt.getByRole('link', { name: 'Linen Shirt – L' })).toBeVisible();
    await expect(shirt).toContainText('$34.00');
    await expect(shirt.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('1');
  });
});

test.describe('the slide-out cart', () => {
  test('opens from the cart button and closes by Close, Escape and the overlay', async ({
    page,
  }) => {
    await addOnProductPage(page, 'classic-hoodie');
    let panel = await openPanel(page);
    await expect(panel.getByRole('link', { name: /Classic Hoodie/ })).toBeVisible();
    await expectAccessible(page);
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();

    panel = await openPanel(page);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    panel = await openPanel(page);
    await page.mouse.click(10, 300);
    await expect(panel).toBeHidden();
  });

  test('quantity buttons stop at the limits and a typed quantity is clamped', async ({ page }) => {
    await addOnProductPage(page, 'desk-lamp');
    const panel = await openPanel(page);
    const lamp = panel.getByRole('listitem').filter({ hasText: 'Desk Lamp' });
    // The lamp has one in stock: one is both the least and the most.
    await expect(lamp.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await expect(lamp.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    const quantity = lamp.getByRole('spinbutton', { name: 'Quantity' });
    await quantity.fill('999');
    await quantity.press('Enter');
    await expect(quantity).toHaveValue('1');

    await page.getByRole('button', { name: 'Close' }).click();
    await addOnProductPage(page, 'classic-hoodie');
    await openPanel(page);
    const hoodie = panel.getByRole('listitem').filter({ hasText: 'Classic Hoodie' });
    await expect(hoodie.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    const update = page.waitForRequest(
      (r) => r.url().endsWith('/admin-ajax') && (r.postData() ?? '').includes('event=update'),
    );
    await hoodie.getByRole('button', { name: 'Increase quantity' }).click();
    expect((await update).postData()).toContain('quantity=2');
    await expect(hoodie.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    await expect(hoodie.getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
  });

  for (const width of [390, 1280]) {
    test(`removing asks first in a real popup at ${width} px: Escape and Cancel keep the item, Yes removes it`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await addOnProductPage(page, 'canvas-tote');
      const panel = await openPanel(page);
      const remove = panel.getByRole('button', { name: 'Remove Canvas Tote' });
      await remove.click();
      const confirm = page.getByRole('alertdialog', {
        name: 'Remove “Canvas Tote” from your cart?',
      });
      await expect(confirm).toBeVisible();
      await expect(confirm).toHaveAttribute('aria-modal', 'true');
      await expect(confirm.getByRole('button', { name: 'Yes' })).toBeVisible();
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();

      // A box of its own, focus kept inside it, the panel behind dimmed and out of reach.
      const box = await confirm.boundingBox();
      expect(box!.width).toBeGreaterThan(200);
      expect(box!.width).toBeLessThanOrEqual(width - 16);
      expect(await confirm.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
        'rgb(255, 255, 255)',
      );
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab');
        expect(await confirm.evaluate((element) => element.contains(document.activeElement))).toBe(
          true,
        );
      }
      await page.keyboard.press('Shift+Tab');
      expect(await confirm.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
      await expect(page.locator('.slide-out-cart')).toHaveAttribute('inert', '');
      const onTop = await page.evaluate(() => {
        const panel = document.querySelector('.slide-out-cart')!.getBoundingClientRect();
        const top = document.elementFromPoint(panel.left + 20, panel.top + 20)!;
        return {
          panelCovered: !document.querySelector('.slide-out-cart')!.contains(top),
          dim: getComputedStyle(top).backgroundColor,
        };
      });
      expect(onTop.panelCovered).toBe(true);
      expect(onTop.dim).toMatch(/^rgba\(\d+, \d+, \d+, 0\.[1-9]\d*\)$/);
      await expectAccessible(page);

      await page.keyboard.press('Escape');
      await expect(confirm).toBeHidden();
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('link', { name: /Canvas Tote/ })).toBeVisible();
      await expect(remove).toBeFocused();

      await remove.click();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toBeHidden();
      await expect(panel.getByRole('link', { name: /Canvas Tote/ })).toBeVisible();

      await remove.click();
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await expect(confirm).toBeHidden();
      await expect(panel.getByRole('link', { name: /Canvas Tote/ })).toBeHidden();
      await expect(panel).toBeVisible();
      // Focus stays in the panel when the button it came from is gone.
      await expect
        .poll(() => panel.evaluate((element) => element.contains(document.activeElement)))
        .toBe(true);
    });
  }

  test(
    'coupons: the button waits for a code, SAVE10 takes 10 % off, EXPIRED is refused',
    { tag: '@database' },
    async ({ page }) => {
      await addOnProductPage(page, 'classic-hoodie');
      const panel = await openPanel(page);
      const apply = panel.getByRole('button', { name: 'Apply coupon' });
      await expect(apply).toBeDisabled();
      await panel.getByLabel('Coupon code').fill('EXPIRED');
      await expect(apply).toBeEnabled();
      await apply.click();
      await expect(panel.getByRole('alert')).toHaveText('This coupon has expired.');
      await panel.getByLabel('Coupon code').fill('SAVE10');
      await apply.click();
      await expect(panel.locator('.panel-total')).toContainText('$40.50');
    },
  );

  for (const width of [390, 1280]) {
    test(`an applied coupon shows its line and discount at ${width} px, and [Remove] takes it off`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await addOnProductPage(page, 'classic-hoodie');
      const panel = await openPanel(page);
      await panel.getByLabel('Coupon code').fill('SAVE10');
      await panel.getByRole('button', { name: 'Apply coupon' }).click();
      const line = panel.locator('.cart-discount');
      await expect(line).toContainText('Coupon: SAVE10');
      await expect(line).toContainText('-$4.50');
      await expect(panel.locator('.panel-line').first()).toHaveText('Subtotal $45.00');
      await expect(panel.locator('.panel-total')).toHaveText('Total $40.50');
      await expect(panel.getByLabel('Coupon code')).toHaveValue('');
      await expectAccessible(page);

      await panel.getByRole('button', { name: 'Remove coupon SAVE10' }).click();
      await expect(line).toHaveCount(0);
      await expect(panel.locator('.panel-total')).toHaveText('Subtotal $45.00');
      await expect
        .poll(() => panel.evaluate((element) => element.contains(document.activeElement)))
        .toBe(true);
      // The cart page agrees: the coupon is gone from the cart itself.
      await gotoHydrated(page, '/cart/');
      await expect(page.locator('.cart-discount')).toHaveCount(0);
    });
  }

  test('Proceed to checkout stays inert until the policy box is ticked', async ({ page }) => {
    await addOnProductPage(page, 'sticker-pack');
    const panel = await openPanel(page);
    const proceed = panel.getByRole('link', { name: 'Proceed to checkout' });
    await expect(proceed).toHaveAttribute('aria-disabled', 'true');
    await expect(proceed).not.toHaveAttribute('href', /.*/);
    await proceed.click({ force: true });
    await expect(panel).toBeVisible();
    await panel.getByLabel(/^I have read and agree/).check();
    await expect(proceed).toHaveAttribute('href', '/checkout/');
    await proceed.click();
    await expect(page).toHaveURL(/\/checkout\/$/);
  });
});

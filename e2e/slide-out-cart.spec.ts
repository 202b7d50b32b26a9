import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, gotoHydrated } from './support.ts';

async function addOnProductPage(page: Page, slug: string) {
  await gotoHydrated(page, `/product/${slug}/`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('link', { name: 'View cart' })).toBeVisible();
}

const openPanel = async (page: Page) => {
  await page.getByRole('button', { name: /^Cart/ }).click();
  const panel = page.getByRole('dialog', { name: 'Cart' });
  await expect(panel).toBeVisible();
  return panel;
};

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

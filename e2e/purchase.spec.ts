import { expect, test } from '@playwright/test';
import { logInThroughDialog, newCustomer } from './accounts-support.ts';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  fillBilling,
  fillCard,
  withShopDatabase,
  gotoHydrated,
} from './support.ts';

test.describe('a shopper buys with JavaScript', () => {
  test(
    'sorts the listing, adds by ajax, changes quantity and pays with 4242 4242 4242 4242',
    { tag: '@database' },
    async ({ page }) => {
      await gotoHydrated(page, '/shop/');
      await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
      await page.getByLabel('Shop order').selectOption('price-desc');
      await expect(page).toHaveURL(/\/shop\/\?orderby=price-desc&paged=1$/);
      await expect(page.locator('.product-card-title').first()).toHaveText('Desk Lamp');
      // The live region re-announces the count 2000 ms after the change.
      await expect(page.getByTestId('result-count-live')).toHaveText('Showing all 6 results', {
        timeout: 5000,
      });

      await page.getByRole('link', { name: 'Classic Hoodie' }).first().click();
      await expect(page.getByRole('heading', { name: 'Classic Hoodie', level: 1 })).toBeVisible();
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      // The product page adds through the slide-out flow, and the slide-out cart opens.
      const addRequest = page.waitForRequest(
        (r) =>
          r.url().endsWith('/admin-ajax') &&
          (r.postData() ?? '').includes('action=add_to_cart') &&
          r.method() === 'POST',
      );
      const urlBefore = page.url();
      await page.getByRole('button', { name: 'Add to cart' }).click();
      expect((await addRequest).postData()).toContain('product_id=');
      const panel = page.getByRole('dialog', { name: 'Cart' });
      await expect(panel.getByRole('link', { name: 'Classic Hoodie' })).toBeVisible();
      expect(page.url()).toBe(urlBefore);
      await panel.getByRole('button', { name: 'Close' }).click();
      await expect(
        page.getByRole('button', { name: /^Cart/ }).locator('.cart-contents-count'),
      ).toHaveText('1');

      await page.getByRole('contentinfo').getByRole('link', { name: 'Shopping cart' }).click();
      await expect(page).toHaveURL(/\/cart\/$/);
      await page.getByLabel('Quantity of Classic Hoodie').fill('2');
      await page.getByRole('button', { name: 'Update cart' }).click();
      await expect(page.getByText('Cart updated.')).toBeVisible();
      await expect(page.locator('.order-total')).toContainText('$90.00');

      await page.getByRole('link', { name: 'Proceed to checkout' }).click();
      await expect(page).toHaveURL(/\/checkout\/$/);
      await fillBilling(page, 'card.buyer@example.com');
      await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
      await page.getByLabel('Card number').fill('4242424242424242');
      await page.getByLabel('Expiration date').fill('12/34');
      await page.getByLabel('Security code').fill('123');
      await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
      await page.getByRole('button', { name: 'Place order' }).click();

      await expect(page).toHaveURL(/\/checkout\/order-received\/\d+\/\?key=wc_order_/);
      await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
      await expectAccessible(page);

      const orderId = Number(/order-received\/(\d+)\//.exec(page.url())![1]);
      await withShopDatabase(async (db) => {
        const order = await db
          .selectFrom('orders')
          .selectAll()
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow();
        expect(order).toMatchObject({
          status: 'processing',
          payment_method: 'stripe',
          total: 12000,
        });
        expect(order.transaction_id).toMatch(/^pi_/);
        const items = await db
          .selectFrom('order_items')
          .selectAll()
          .where('order_id', '=', orderId)
          .execute();
        expect(items.map((i) => [i.name, i.quantity])).toEqual([['Classic Hoodie', 2]]);
        // No card number, CVC or expiry reached the shop's tables.
        expect(JSON.stringify(order)).not.toMatch(/4242424242424242|12\/34/);
      });
    },
  );

  test('a declined card shows the seed text and the shopper can pay again', async ({ page }) => {
    await gotoHydrated(page, '/product/canvas-tote/');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
    await gotoHydrated(page, '/checkout/');
    await fillBilling(page);
    await page.getByLabel('Card number').fill('4000000000000002');
    await page.getByLabel('Expiration date').fill('12/34');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('alert')).toHaveText('The card was declined.');
    await expect(page.locator('.checkout-page .woocommerce-notices-wrapper')).toBeFocused({
      timeout: 4000,
    });
    await expectAccessible(page);
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
  });

  test('the thank-you page and my account show the address the order ships to and its note', async ({
    page,
  }) => {
    test.slow(); // a checkout and two order pages at two widths
    const ada = await newCustomer('ships-elsewhere');
    await gotoHydrated(page, '/shop/');
    await logInThroughDialog(page, ada.email, ada.password);
    await page.goto('/?add-to-cart=1');
    await gotoHydrated(page, '/checkout/');
    await fillBilling(page, ada.email);
    await page.getByLabel('Ship to a different address?').check();
    const shipping = page.locator('.woocommerce-shipping-fields');
    await shipping.getByLabel('Country / Region').first().selectOption('GB');
    for (const [label, value] of Object.entries({
      'First name': 'Charles',
      'Last name': 'Babbage',
      'Street address': '1 Dorset Street',
      'Town / City': 'Marylebone',
      'Postcode / ZIP': 'W1U 4EG',
    }))
      await shipping.getByLabel(label, { exact: false }).first().fill(value);
    await page.getByLabel('Order notes').fill('Please knock twice.');
    await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    const orderId = Number(/order-received\/(\d+)\//.exec(page.url())![1]);
    const thankYou = page.url();

    for (const url of [thankYou, `/my-account/view-order/${orderId}/`]) {
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await gotoHydrated(page, url);
        const shipsTo = page.getByRole('region', { name: 'Shipping address' });
        await expect(shipsTo, url).toContainText('Charles Babbage');
        await expect(shipsTo).toContainText('1 Dorset Street');
        await expect(shipsTo).toContainText('W1U 4EG');
        await expect(page.getByRole('region', { name: 'Billing address' })).toContainText(
          'Ada Lovelace',
        );
        await expect(page.getByRole('row', { name: 'Note Please knock twice.' })).toBeVisible();
        await expectAccessible(page);
        await expectNoHorizontalScroll(page);
      }
    }
  });

  test('a variable product needs its size chosen first, then adds that size', async ({ page }) => {
    await page.goto('/shop/');
    await page.getByRole('link', { name: 'Select options for “Linen Shirt”' }).click();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.getByLabel('Size').selectOption('L');
    await expect(page.locator('.variation-price')).toContainText('$34.00');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
    await page.goto('/cart/');
    await expect(page.locator('.cart_item')).toContainText('Linen Shirt');
    await expect(page.locator('.cart_item')).toContainText('$34.00');
  });
});

test.describe('a shopper buys without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test(
    'adds from the listing by link, checks out and pays cash on delivery',
    { tag: '@database' },
    async ({ page }) => {
      await page.goto('/shop/');
      await page.getByRole('link', { name: 'Add to cart: “Classic Hoodie”' }).click();
      await expect(page.getByText('“Classic Hoodie” has been added to your cart.')).toBeVisible();
      await expect(page).toHaveURL(/\/shop\/$/);
      await page
        .locator('.woocommerce-notices-wrapper')
        .getByRole('link', { name: 'View cart' })
        .click();
      await expect(page.locator('.cart_item')).toContainText('Classic Hoodie');
      await page.getByRole('link', { name: 'Proceed to checkout' }).click();
      await fillBilling(page, 'no.js@example.com');
      await page.getByRole('radio', { name: 'Cash on delivery' }).check();
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
      const orderId = Number(/order-received\/(\d+)\//.exec(page.url())![1]);

      await withShopDatabase(async (db) => {
        const order = await db
          .selectFrom('orders')
          .selectAll()
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow();
        // To GB: flat rate 10.00, then 20 % VAT on the hoodie and the shipping.
        expect(order).toMatchObject({
          status: 'processing',
          payment_method: 'cod',
          shipping_total: 1000,
          tax_total: 1100,
          total: 6600,
        });
        expect(JSON.parse(order.billing_json)).toMatchObject({ email: 'no.js@example.com' });
      });
    },
  );

  test('a checkout the server refuses comes back with the error and the typed values', async ({
    page,
  }) => {
    await page.goto('/product/sticker-pack/');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByText('“Sticker Pack” has been added to your cart.')).toBeVisible();
    await page.goto('/checkout/');
    await fillBilling(page);
    // The browser's own checks pass (a tel input takes any text); the server's phone rule does not.
    await page.getByLabel('Phone').fill('call me maybe');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Billing Phone is not a valid phone number.',
    );
    await expect(page.getByLabel('First name')).toHaveValue('Ada');
    await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
  });

  test('removes a cart item by its link', async ({ page }) => {
    await page.goto('/product/classic-hoodie/');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.goto('/cart/');
    await page.getByRole('link', { name: 'Remove Classic Hoodie from cart' }).click();
    await expect(page.getByText('“Classic Hoodie” removed.')).toBeVisible();
    await expect(page.getByText('Your cart is currently empty.')).toBeVisible();
  });
});

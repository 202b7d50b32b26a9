import { expect, test } from '@playwright/test';
import { logInThroughDialog, newCustomer } from './accounts-support.ts';
import { fillBilling, fillCard, gotoHydrated, withShopDatabase } from './support.ts';

test(
  'my-account lists an order whose card was declined, and its Pay link pays it',
  { tag: '@database' },
  async ({ page }) => {
    // Two checkouts and four account pages: past 30 s on a busy machine with PostgreSQL.
    test.slow();
    const ada = await newCustomer('orders');
    await gotoHydrated(page, '/shop/');
    await logInThroughDialog(page, ada.email, ada.password);
    await page.goto('/?add-to-cart=1');
    await gotoHydrated(page, '/checkout/');
    await fillBilling(page, ada.email);
    await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    await fillCard(page, '4000000000000002');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(
      page.locator('.woocommerce-notices-wrapper').filter({ hasText: 'The card was declined.' }),
    ).toContainText('The card was declined.');
    const order = await withShopDatabase((db) =>
      db
        .selectFrom('orders')
        .select(['id', 'status'])
        .where('customer_id', '=', ada.id)
        .executeTakeFirstOrThrow(),
    );
    expect(order.status).toBe('failed');

    await page.goto('/my-account/orders/');
    const row = page.getByRole('row', { name: new RegExp(`Order #${order.id}`) });
    await expect(row).toContainText('Failed');
    await expect(row).toContainText('$66.00 for 1 item');
    await row.getByRole('link', { name: `View order ${order.id}` }).click();
    await expect(page.getByText(`Order #${order.id} was placed on`)).toContainText('Failed');
    await expect(page.getByRole('table')).toContainText('Classic Hoodie');
    await page.getByRole('link', { name: `Pay for order ${order.id}` }).click();

    await expect(page).toHaveURL(new RegExp(`/checkout/order-pay/${order.id}/\\?key=`));
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    await fillCard(page, '4242424242424242');
    await page.locator('#terms').check();
    await page.getByRole('button', { name: 'Pay for order' }).click();
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();

    await page.goto('/my-account/orders/');
    const paid = page.getByRole('row', { name: new RegExp(`Order #${order.id}`) });
    await expect(paid).toContainText('Processing');
    await expect(paid.getByRole('link', { name: /^Pay/ })).toHaveCount(0);
  },
);

import { expect, test, type Page } from '@playwright/test';
import { noOrderMails, ordersRepo } from '../src/checkout/orders.repo.ts';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  fillBilling,
  fillCard,
  gotoHydrated,
  withShopDatabase,
} from './support.ts';

interface OrderRef {
  id: number;
  key: string;
}

const payUrl = (order: OrderRef) => `/checkout/order-pay/${order.id}/?key=${order.key}`;
const uniqueEmail = (what: string) =>
  `${what}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

async function orderRow(where: { email?: string; id?: number }) {
  return withShopDatabase(async (db) => {
    let query = db.selectFrom('orders').selectAll();
    if (where.email) query = query.where('billing_json', 'like', `%"${where.email}"%`);
    if (where.id) query = query.where('id', '=', where.id);
    return query.orderBy('id', 'desc').executeTakeFirstOrThrow();
  });
}

/** A pending order for one Classic Hoodie to GB, as an email's order-pay link would name it. */
async function pendingOrder(email = uniqueEmail('pending')): Promise<OrderRef> {
  return withShopDatabase(async (db) => {
    const product = await db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('slug', '=', 'classic-hoodie')
      .executeTakeFirstOrThrow();
    const billing = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      company: '',
      country: 'GB',
      address_1: '12 St James Square',
      address_2: '',
      city: 'London',
      state: '',
      postcode: 'SW1Y 4JH',
      phone: '+44 20 7946 0958',
      email,
    };
    const order = await ordersRepo(db, noOrderMails).create(
      {
        currency: 'USD',
        billing,
        shippingAddress: { ...billing },
        shippingMethod: { id: 'flat_rate:2', title: 'Flat rate' },
        paymentMethod: 'stripe',
        paymentMethodTitle: 'Credit / Debit Card',
        customerNote: '',
        lines: [
          {
            productId: product.id,
            name: 'Classic Hoodie',
            sku: product.sku,
            quantity: 1,
            unitPrice: 4500,
            subtotal: 4500,
            total: 4500,
          },
        ],
        subtotal: 4500,
        discountTotal: 0,
        shippingTotal: 1000,
        taxTotal: 1100,
        total: 6600,
        coupons: [],
      },
      null,
      'pending',
    );
    return { id: order.id, key: order.key };
  });
}

async function payByCardOnOrderPay(page: Page, number: string): Promise<void> {
  await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
  await fillCard(page, number);
  await page.locator('#terms').check();
  await page.getByRole('button', { name: 'Pay for order' }).click();
}

const notices = (page: Page) =>
  page.locator('.woocommerce-notices-wrapper').filter({ hasText: /\S/ });

test.describe('paying for an existing order', () => {
  test('a card declined at checkout; the order-pay link then takes 4242 4242 4242 4242 and the order is paid', async ({
    page,
  }) => {
    const email = uniqueEmail('declined');
    await page.goto('/?add-to-cart=1');
    await gotoHydrated(page, '/checkout/');
    await fillBilling(page, email);
    await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    await fillCard(page, '4000000000000002');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(notices(page)).toContainText('The card was declined.');
    const failed = await orderRow({ email });
    expect(failed.status).toBe('failed');

    // The failed order's thank-you page (where an email link lands) offers to pay it.
    await page.goto(`/checkout/order-received/${failed.id}/?key=${failed.order_key}`);
    await page.getByRole('link', { name: 'Pay for this order' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/order-pay/${failed.id}/\\?key=`));
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(page.getByRole('heading', { name: 'Pay for order', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Your order' });
    await expect(table).toContainText('Classic Hoodie');
    await expect(table).toContainText('$10.00 via Flat rate');
    await expect(table).toContainText('$66.00');
    // GB billing: no iDEAL; the card is preselected as the order's own method.
    await expect(page.getByRole('radio', { name: 'iDEAL' })).toHaveCount(0);
    await expect(page.getByRole('radio', { name: 'Credit / Debit Card' })).toBeChecked();

    await payByCardOnOrderPay(page, '4242424242424242');
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/checkout/order-received/${failed.id}/`));
    const paid = await orderRow({ id: failed.id });
    expect(paid.status).toBe('processing');
    expect(paid.transaction_id).toMatch(/^pi_/);
    // Paying the order empties the cart that placed it.
    const cart = await page.request.get('/wc/store/v1/cart');
    expect(await cart.json()).toMatchObject({ items_count: 0 });
  });

  test(
    '4000 0025 0000 3155 passes its challenge on the order-pay page and the order is paid',
    { tag: '@database' },
    async ({ page }) => {
      const order = await pendingOrder();
      await gotoHydrated(page, payUrl(order));
      await payByCardOnOrderPay(page, '4000002500003155');
      await expect(page.getByRole('button', { name: 'Complete' })).toBeVisible();
      await page.getByRole('button', { name: 'Complete' }).click();
      await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
      expect((await orderRow({ id: order.id })).status).toBe('processing');
    },
  );

  test('a failed challenge and a declined card both show their seed text here, and the order stays payable', async ({
    page,
  }) => {
    const order = await pendingOrder();
    await gotoHydrated(page, payUrl(order));
    await payByCardOnOrderPay(page, '4000002500003155');
    await page.getByRole('button', { name: 'Fail' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/order-pay/${order.id}/`));
    await expect(notices(page)).toContainText('Payment failed. Please try again.');
    expect((await orderRow({ id: order.id })).status).toBe('failed');

    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await payByCardOnOrderPay(page, '4000000000000002');
    await expect(notices(page)).toContainText('The card was declined.');
    await expect(page).toHaveURL(new RegExp(`/checkout/order-pay/${order.id}/`));
    await expect(page.getByRole('button', { name: 'Pay for order' })).toBeEnabled();
    expect((await orderRow({ id: order.id })).status).toBe('failed');
  });

  test('a confirm marker naming another order is ignored and cleared', async ({ page }) => {
    const order = await pendingOrder();
    await gotoHydrated(
      page,
      `${payUrl(order)}#wc-stripe-confirm-pi:999999:pi_1_secret_2:abcdefabcdef`,
    );
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('');
    await expect(notices(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Pay for order' })).toBeEnabled();
    expect((await orderRow({ id: order.id })).status).toBe('pending');
  });

  test('a wrong key shows the invalid-order notice; a paid order links to its thank-you page', async ({
    page,
  }) => {
    const order = await pendingOrder();
    const wrong = await page.goto(`/checkout/order-pay/${order.id}/?key=wc_order_guess`);
    expect(wrong?.status()).toBe(404);
    await expect(
      page.getByText('Sorry, this order is invalid and cannot be paid for.'),
    ).toBeVisible();
    await expect(page.getByText('Classic Hoodie')).toHaveCount(0);

    await withShopDatabase((db) => ordersRepo(db, noOrderMails).markPaid(order.id, 'pi_paid'));
    await page.goto(payUrl(order));
    await expect(page.getByText('This order has already been paid for.')).toBeVisible();
    await page.getByRole('link', { name: 'View your order' }).click();
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
  });
});

test.describe('paying for an existing order without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a card asks for JavaScript; cash on delivery, chosen by keyboard, pays', async ({
    page,
  }) => {
    const order = await pendingOrder();
    await page.goto(payUrl(order));
    await expect(page.locator('.payment_box.payment_method_stripe')).toContainText(
      'Card payments need JavaScript. Please enable it or choose Cash on delivery.',
    );
    await page.locator('#terms').check();
    await page.getByRole('button', { name: 'Pay for order' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'Card payments need JavaScript. Please enable it or choose Cash on delivery.',
    );

    await page.getByRole('radio', { name: 'Cash on delivery' }).focus();
    await page.keyboard.press('Space');
    await page.locator('#terms').focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Pay for order' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    const paid = await orderRow({ id: order.id });
    expect(paid).toMatchObject({ status: 'processing', payment_method: 'cod' });
  });
});

for (const width of [390, 1280]) {
  test.describe(`the order-pay page at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('passes axe WCAG 2.2 AA and does not scroll sideways: the form, an error, and the notices', async ({
      page,
    }) => {
      const order = await pendingOrder();
      await gotoHydrated(page, payUrl(order));
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      await payByCardOnOrderPay(page, '4000000000000002');
      await expect(notices(page)).toContainText('The card was declined.');
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);

      await page.goto(`/checkout/order-pay/${order.id}/?key=wc_order_guess`);
      await expectAccessible(page);
      await withShopDatabase((db) => ordersRepo(db, noOrderMails).markPaid(order.id, 'pi_paid'));
      await page.goto(payUrl(order));
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
    });
  });
}

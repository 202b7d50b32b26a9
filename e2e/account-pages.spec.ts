import { expect, test } from '@playwright/test';
import { noOrderMails, ordersRepo } from '../src/checkout/orders.repo.ts';
import { logInThroughDialog, newCustomer, resetLinkFor } from './accounts-support.ts';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  gotoHydrated,
  withShopDatabase,
} from './support.ts';

/** A pending order of the customer's, for their order pages. */
async function pendingOrderOf(customerId: number, email: string): Promise<number> {
  return withShopDatabase(async (db) => {
    const billing = {
      first_name: 'Pat',
      last_name: 'Pages',
      company: '',
      country: 'US',
      address_1: '1 Main Street',
      address_2: '',
      city: 'Springfield',
      state: 'IL',
      postcode: '62701',
      phone: '555 0100',
      email,
    };
    const order = await ordersRepo(db, noOrderMails).create(
      {
        currency: 'USD',
        billing,
        shippingAddress: { ...billing },
        shippingMethod: { id: 'free_shipping:1', title: 'Free shipping' },
        paymentMethod: 'stripe',
        paymentMethodTitle: 'Credit / Debit Card',
        customerNote: 'Leave it by the door.',
        lines: [
          {
            productId: 1,
            name: 'Classic Hoodie',
            sku: 'HOODIE',
            quantity: 2,
            unitPrice: 4500,
            subtotal: 9000,
            total: 9000,
          },
        ],
        subtotal: 9000,
        discountTotal: 0,
        shippingTotal: 0,
        taxTotal: 0,
        total: 9000,
        coupons: [],
      },
      null,
      'pending',
      customerId,
    );
    return order.id;
  });
}

const check = async (page: import('@playwright/test').Page, path: string) => {
  await gotoHydrated(page, path);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
};

for (const width of [390, 1280]) {
  test(`every account page passes axe WCAG 2.2 AA at ${width} px and does not scroll sideways`, async ({
    page,
    baseURL,
  }) => {
    test.slow(); // fifteen pages, each checked
    // A visitor who has chosen: the sticky consent banner (checked in cookie-consent.spec.ts) would
    // otherwise sit over the footer's links on these short pages.
    await page.context().addCookies([{ name: 'shop_consent', value: '-', url: baseURL! }]);
    await page.setViewportSize({ width, height: 900 });
    // A long e-mail (no place to break it) in the order's address must still fit a phone.
    const pat = await newCustomer('pages-whose-address-holds-a-long-email');
    const orderId = await pendingOrderOf(pat.id, pat.email);

    for (const path of [
      '/my-account/',
      '/my-account/lost-password/',
      '/my-account/confirm-email/?key=x',
    ])
      await check(page, path);
    await check(page, await resetLinkFor(pat.id, pat.email));
    await expect(page.getByRole('heading', { name: 'Reset password' })).toBeVisible();
    await expect(page).toHaveURL(/show-reset-form=true$/);

    await gotoHydrated(page, '/shop/');
    await logInThroughDialog(page, pat.email, pat.password);
    for (const path of [
      '/my-account/',
      '/my-account/orders/',
      `/my-account/view-order/${orderId}/`,
      '/my-account/edit-address/',
      '/my-account/edit-address/billing/',
      '/my-account/edit-address/shipping/',
      '/my-account/payment-methods/',
      '/my-account/edit-account/',
    ])
      await check(page, path);
    await expect(page.getByRole('link', { name: 'Account details' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
}

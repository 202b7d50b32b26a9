import { expect, test, type Page } from '@playwright/test';
import {
  expectAccessible,
  fillBilling,
  gotoBeforeScripts,
  gotoHydrated,
  withShopDatabase,
} from './support.ts';

/** Issue 9, items 13-16: the rules a shopper meets at the checkout and the cart's calculator. */

async function orderCount(): Promise<number> {
  return withShopDatabase(
    async (db) => (await db.selectFrom('orders').select('id').execute()).length,
  );
}

/** A Classic Hoodie in the cart, then the hydrated checkout. */
async function checkoutWithHoodie(page: Page): Promise<void> {
  await page.goto('/?add-to-cart=1');
  await gotoHydrated(page, '/checkout/');
}

const notices = (page: Page) =>
  page.locator('.woocommerce-notices-wrapper').filter({ hasText: /\S/ });

test('Place order without ticking the terms shows WooCommerce’s text and creates no order', async ({
  page,
}) => {
  await checkoutWithHoodie(page);
  await fillBilling(page);
  await page.locator('#terms').uncheck();
  await page.getByRole('radio', { name: 'Cash on delivery' }).check();
  const before = await orderCount();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(notices(page)).toContainText(
    'Please read and accept the terms and conditions to proceed with your order.',
  );
  await expect(page).toHaveURL(/\/checkout\/$/);
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
  expect(await orderCount()).toBe(before);
});

test('a postcode that is not the country’s shows its error at the field and creates no order', async ({
  page,
}) => {
  await checkoutWithHoodie(page);
  await fillBilling(page);
  const postcode = page.locator('#billing_postcode');
  const row = page.locator('#billing_postcode_field');
  const text = 'Billing Postcode / ZIP is not a valid postcode / ZIP.';

  await postcode.fill('!!!');
  await postcode.blur();
  await expect(row).toContainText(text);
  await expect(postcode).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Country / Region').first().selectOption('US');
  await page.locator('#billing_state').selectOption('NY');
  await postcode.fill('hello');
  await postcode.blur();
  await expect(row).toContainText(text);

  await page.getByRole('radio', { name: 'Cash on delivery' }).check();
  const before = await orderCount();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(notices(page)).toContainText(text);
  await expect(row).toContainText(text);
  expect(await orderCount()).toBe(before);
  await expectAccessible(page);

  await postcode.fill('10001');
  await postcode.blur();
  await expect(row).not.toContainText(text);
  await expect(postcode).not.toHaveAttribute('aria-invalid', 'true');
});

test('a US cash-on-delivery order: the thank-you page shows the state, the country’s name and “Processing”, never “Paid”', async ({
  page,
}) => {
  await checkoutWithHoodie(page);
  await fillBilling(page);
  await page.getByLabel('Country / Region').first().selectOption('US');
  await page.locator('#billing_state').selectOption('CA');
  await page.locator('#billing_city').fill('San Francisco');
  await page.locator('#billing_postcode').fill('94103');
  await page.getByRole('radio', { name: 'Cash on delivery' }).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();

  const status = page.locator('.order-status');
  await expect(status).toHaveText('Processing');
  await expect(page.locator('.order-overview')).not.toContainText('Paid');
  const address = page.getByRole('region', { name: 'Billing address' }).locator('address');
  await expect(address).toContainText('San Francisco, CA 94103');
  await expect(address).toContainText('United States (US)');
  await expectAccessible(page);
});

test('the cart’s shipping calculator offers the US states as a select, as the checkout does', async ({
  page,
}) => {
  await page.goto('/?add-to-cart=1');
  await gotoHydrated(page, '/cart/');
  await page.getByText('Change address').click();
  await page.locator('#calc_shipping_country').selectOption('US');
  const state = page.locator('#calc_shipping_state');
  await expect(state).toHaveJSProperty('tagName', 'SELECT');
  await expect(state.locator('option', { hasText: 'California' })).toHaveCount(1);
  await expect(page.locator('label[for="calc_shipping_state"]')).toContainText('State');
  await expectAccessible(page);
  await state.selectOption('CA');
  await page.locator('#calc_shipping_postcode').fill('94103');
  await page.locator('.woocommerce-shipping-calculator').getByRole('button').click();
  await expect(page.getByText('Shipping costs updated.')).toBeVisible();
  await expect(page.locator('.woocommerce-shipping-destination')).toContainText('CA 94103');
  await expect(page.locator('.woocommerce-shipping-destination')).toContainText(
    'United States (US)',
  );

  await gotoHydrated(page, '/cart/');
  await page.getByText('Change address').click();
  await expect(page.locator('#calc_shipping_state')).toHaveValue('CA');
  await page.locator('#calc_shipping_country').selectOption('GB');
  await expect(page.locator('#calc_shipping_state')).toHaveJSProperty('tagName', 'INPUT');
  await expect(page.locator('label[for="calc_shipping_state"]')).toContainText('County');
});

test('the cart keeps a coupon code typed and a calculator country chosen before its scripts came', async ({
  page,
}) => {
  await page.goto('/?add-to-cart=1');
  const hydrate = await gotoBeforeScripts(page, '/cart/');
  const code = page.locator('.cart-coupon').getByLabel('Coupon code');
  await code.fill('SAVE10');
  await page.getByText('Change address').click();
  await page.locator('#calc_shipping_country').selectOption('GB');
  await hydrate();
  await expect(code).toHaveValue('SAVE10');
  await expect(
    page.locator('.cart-coupon').getByRole('button', { name: 'Apply coupon' }),
  ).toBeEnabled();
  await expect(page.locator('#calc_shipping_state')).toHaveJSProperty('tagName', 'INPUT');
  await expect(page.locator('label[for="calc_shipping_state"]')).toContainText('County');
});

test('a shipping rate chosen on the cart before its scripts came is sent once they have', async ({
  page,
}) => {
  await page.goto('/?add-to-cart=1');
  const hydrate = await gotoBeforeScripts(page, '/cart/');
  const other = page.locator('input[name="shipping_method[0]"]:not(:checked)').first();
  const chosen = await other.getAttribute('id');
  await other.check();
  const sent = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().includes('/cart'),
  );
  await hydrate();
  await sent;
  await page.reload();
  await expect(page.locator('input[name="shipping_method[0]"]:checked')).toHaveAttribute(
    'id',
    chosen!,
  );
});

test('without JavaScript the calculator’s state is a select for the US', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/?add-to-cart=1');
  await page.goto('/cart/');
  const state = page.locator('#calc_shipping_state');
  // The shop's base country (US) is the calculator's first country.
  await expect(state).toHaveJSProperty('tagName', 'SELECT');
  await context.close();
});

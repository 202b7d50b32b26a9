import http from 'node:http';
import { expect, test, type Locator } from '@playwright/test';
import type { TestProcessorTables } from '@shop/test-processor';
import { expectAccessible, gotoHydrated, withShopDatabase } from './support.ts';

/**
 * Issue 13: the demo `order` form paid through the shop's own payments, on its page and embedded
 * in a foreign page (port 3382, E2E_PAYMENTS_EMBED_PORT): the running total for each kind of
 * payment field, quantities, a coupon, the order summary's rules, and paying with 4242, with a
 * declined card then 4242 (double-clicked), and with 3155 through its challenge.
 */
const SHOP = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;
const HOST_PORT = Number(process.env.E2E_PAYMENTS_EMBED_PORT ?? 3382);
const HOST = `http://127.0.0.1:${HOST_PORT}`;
test.describe.configure({ timeout: 120_000 });

let host: http.Server;
test.beforeAll(async () => {
  host = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Tailor</title>
      <meta name="viewport" content="width=device-width, initial-scale=1"></head>
      <body><main><h1>Our tailor</h1><div id="slot" style="max-width: 640px">
      <script src="${SHOP}/forms/embed.js" data-form="order" async></script></div></main></body></html>`);
  });
  await new Promise<void>((resolve) => host.listen(HOST_PORT, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

/** Page 1: who orders (shipping, the default). */
async function fillDetails(form: Locator, email: string): Promise<void> {
  await form.getByLabel('Name').fill('Ada Lovelace');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Next' }).click();
}

async function fillAddress(form: Locator): Promise<void> {
  await chooseFrom(form.getByRole('combobox', { name: 'Country' }), 'United Kingdom (UK)');
  await form.getByLabel('Address Line 1').fill('12 St James Square');
  await form.getByLabel('City').fill('London');
  await chooseFrom(form.getByRole('combobox', { name: /State|Province/ }), 'London');
  await form.getByLabel(/Zip|Postal/).fill('SW1Y 4JH');
}

/** A searchable select's choice, as a person makes it: typing its name, then Enter. */
async function chooseFrom(combobox: Locator, name: string): Promise<void> {
  await combobox.fill(name);
  await combobox.press('Enter');
  await expect(combobox).toHaveValue(name);
}

async function fillCard(form: Locator, number: string): Promise<void> {
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiration date').fill('12/34');
  await form.getByLabel('Security code').fill('123');
}

/** The orders and charges the form's entries for this e-mail made. */
async function paymentsOf(email: string) {
  return withShopDatabase(async (db) => {
    const orders = await db
      .selectFrom('orders')
      .select(['id', 'status', 'total', 'source'])
      .where('source', '=', 'form')
      .where('billing_json', 'like', `%${email}%`)
      .orderBy('id')
      .execute();
    const intents = await db
      .withTables<TestProcessorTables>()
      .selectFrom('tp_payment_intents')
      .select(['status', 'amount', 'metadata_json'])
      .execute();
    const ids = new Set(orders.map((o) => String(o.id)));
    const charged = intents
      .filter((i) => ids.has((JSON.parse(i.metadata_json) as { order_id?: string }).order_id ?? ''))
      .filter((i) => i.status === 'succeeded')
      .map((i) => i.amount);
    return { orders, charged };
  });
}

/**
 * The form refuses a submission sent less than `minimum_seconds` (3) after it was shown, counted
 * in whole seconds: a test faster than a person waits until 4 s have passed.
 */
async function waitOutMinimumTime(shownAt: number): Promise<void> {
  const left = 4_000 - (Date.now() - shownAt);
  if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
}

const summaryPrices = (summary: Locator) =>
  summary.locator('tbody tr:not([hidden]) td.wpforms-order-summary-item-price');

test('the order summary prints its total once, and the coupon input is labelled Coupon code', async ({
  page,
}) => {
  for (const open of [() => gotoHydrated(page, '/forms/order/'), () => page.goto(`${HOST}/`)]) {
    await open();
    const form = page.locator('form.wpforms-js');
    await form.waitFor();
    await fillDetails(form, 'looks@example.com');
    const coupon = form.getByLabel('Coupon code', { exact: true });
    await expect(coupon).toBeVisible();
    await expect(coupon).toHaveAttribute('name', 'wpforms[fields][17]');
    const summaryField = form.locator('[data-field-id="18"]');
    const shown = (amount: string) =>
      summaryField.getByText(amount, { exact: true }).filter({ visible: true });
    await expect(shown('$0.00')).toHaveCount(1);
    await form.getByLabel('Canvas Tote – $18.00').check();
    // The item's row and the total.
    await expect(shown('$18.00')).toHaveCount(2);
    await expect(summaryField.locator('tfoot').getByText('$18.00')).toBeVisible();
    await expect(summaryField.locator('output')).toHaveText('$18.00');
  }
});

test.describe('the order form paid by card', () => {
  test(
    'on its page: every kind of item, quantities, a coupon and the summary; a declined card, then 4242 double-clicked, charged once',
    { tag: '@database' },
    async ({ page }) => {
      const email = `form-pay-${Date.now()}@example.com`;
      await gotoHydrated(page, '/forms/order/');
      const form = page.locator('form.wpforms-js');
      await form.waitFor();
      const shownAt = Date.now();
      await fillDetails(form, email);

      const total = form
        .locator('[data-field-id="22"] output, [data-field-id="18"] output')
        .first();
      const summary = form.locator('[data-order-summary]');
      // Nothing chosen: the placeholder row and a zero total.
      await expect(summary.getByText('No items selected')).toBeVisible();
      await expect(total).toHaveText('$0.00');
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expectAccessible(page);
      }

      // Multiple items (radio) with a quantity, checkbox items, a dropdown item with a quantity.
      await form.getByLabel('Classic Hoodie – $45.00').check();
      await expect(total).toHaveText('$45.00');
      await expect(summary.getByText('No items selected')).toBeHidden();
      await form.locator('#wpforms-order-field_5-quantity').selectOption('2');
      await expect(total).toHaveText('$90.00');
      await form.getByLabel('Gift wrap – $3.00').check();
      await form.locator('#wpforms-order-field_14').selectOption('standard');
      await expect(total).toHaveText('$98.00');
      await expect(summaryPrices(summary)).toHaveText(['$90.00', '$3.00', '$5.00']);
      // A quantity of 0 hides its row and charges nothing.
      await form.locator('#wpforms-order-field_14-quantity').selectOption('0');
      await expect(total).toHaveText('$93.00');
      await expect(summaryPrices(summary)).toHaveText(['$90.00', '$3.00']);
      await form.locator('#wpforms-order-field_14-quantity').selectOption('1');
      // The user-entered amount keeps digits and marks while typing, and is formatted on leaving.
      const tip = form.getByLabel('Tip for the tailor');
      await tip.pressSequentially('1.5x');
      await expect(tip).toHaveValue('1.5');
      await tip.blur();
      await expect(tip).toHaveValue('1.50');
      await expect(total).toHaveText('$99.50');
      // The price column: the longer of coupon total and total, plus 3 characters.
      const priceHead = summary.locator('thead th.wpforms-order-summary-item-price');
      await expect(priceHead).toHaveAttribute('style', /width: 9ch/);

      // The shop's coupon, applied at once.
      await form.getByLabel('Coupon code').fill('SAVE10');
      await form.getByRole('button', { name: 'Apply' }).click();
      await expect(form.getByText('Coupon code applied successfully.')).toBeVisible();
      await expect(summary.getByText('Coupon (SAVE10)')).toBeVisible();
      await expect(summary.locator('[data-summary-coupon-amount]')).toHaveText('-$9.95');
      await expect(total).toHaveText('$89.55');

      await fillAddress(form);
      await form.getByRole('button', { name: 'Next' }).click();
      await expect(form.locator('[data-field-id="22"] output')).toHaveText('$89.55');

      // A declined card: the checkout's text, the entry unpaid, nothing charged.
      await fillCard(form, '4000000000000002');
      await waitOutMinimumTime(shownAt);
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect(form.getByText('The card was declined.')).toBeVisible();
      expect((await paymentsOf(email)).charged).toEqual([]);

      // Then 4242, double-clicked: one paid order of the shop, charged once.
      await fillCard(form, '4242424242424242');
      await form.getByRole('button', { name: 'Submit' }).dblclick();
      await expect(
        page.getByRole('paragraph').filter({ hasText: 'Thank you for your order.' }),
      ).toBeVisible();
      const { orders, charged } = await paymentsOf(email);
      expect(charged).toEqual([8955]);
      expect(orders.filter((o) => o.status === 'processing')).toEqual([
        expect.objectContaining({ total: 8955, source: 'form' }),
      ]);
    },
  );

  test('embedded on another site: a single item, and 3155 through its challenge', async ({
    page,
  }) => {
    const email = `form-3ds-${Date.now()}@example.com`;
    await page.goto(`${HOST}/`);
    const form = page.locator('.shop-form-embed form.wpforms-js');
    await form.waitFor();
    const shownAt = Date.now();
    await form.getByLabel('Pick it up in store').check();
    await fillDetails(form, email);
    // Picking up: no shipping; the fitting (a single item) shows and counts.
    const total = form.locator('[data-field-id="18"] output');
    await form.getByLabel('Linen Shirt – $32.00').check();
    await expect(total).toHaveText('$47.00');
    const summary = form.locator('[data-order-summary]');
    await expect(summaryPrices(summary)).toHaveText(['$32.00', '$15.00']);
    await form.getByLabel('Pick-up day').fill(nextWeekday());
    await page.setViewportSize({ width: 390, height: 900 });
    await expectAccessible(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole('button', { name: 'Next' }).click();
    await fillCard(form, '4000002500003155');
    await waitOutMinimumTime(shownAt);
    await form.getByRole('button', { name: 'Submit' }).click();

    await expect(page.getByRole('button', { name: 'Complete' })).toBeVisible();
    await page.getByRole('button', { name: 'Complete' }).click();
    await expect(page).toHaveURL(new RegExp(`^${HOST}/`));
    await expect(
      page.getByRole('paragraph').filter({ hasText: 'Thank you for your order.' }),
    ).toBeVisible();
    await expectAccessible(page);
    expect((await paymentsOf(email)).charged).toEqual([4700]);
  });
});

/** A Monday-to-Friday date next week, as the pick-up day's picker takes it (mm/dd/yyyy). */
function nextWeekday(): string {
  const day = new Date(Date.now() + 7 * 86_400_000);
  while (day.getDay() === 0 || day.getDay() === 6) day.setDate(day.getDate() + 1);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(day.getMonth() + 1)}/${two(day.getDate())}/${day.getFullYear()}`;
}

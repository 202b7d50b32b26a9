import { expect, test, type Page } from '@playwright/test';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  fillBilling,
  fillCard,
  gotoBeforeScripts,
  gotoHydrated,
  withShopDatabase,
} from './support.ts';

/** A Classic Hoodie in the cart, then the hydrated checkout. */
async function checkoutWithHoodie(page: Page): Promise<void> {
  await page.goto('/?add-to-cart=1');
  await gotoHydrated(page, '/checkout/');
}

async function orderIdFromUrl(page: Page): Promise<number> {
  return Number(/order-received\/(\d+)\//.exec(page.url())![1]);
}

async function orderStatus(id: number): Promise<string> {
  return withShopDatabase(
    async (db) =>
      (
        await db
          .selectFrom('orders')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status,
  );
}

async function payByCard(page: Page, number: string, email?: string): Promise<void> {
  await fillBilling(page, email);
  await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
  await fillCard(page, number);
  await page.getByRole('button', { name: 'Place order' }).click();
}

test.describe('card payments with the test cards of CONTRACT §4', () => {
  const declines: [string, string][] = [
    ['4000000000000002', 'The card was declined.'],
    ['4000000000009995', 'The card was declined.'],
    ['4000000000000069', 'The card has expired.'],
    ['4000000000000127', 'The card security code is incorrect.'],
    ['4000000000000119', 'An error occurred while processing the card.'],
    ['4242424242424241', 'The card number is incorrect.'],
  ];
  for (const [number, text] of declines) {
    test(`${number} is refused with “${text}”`, async ({ page }) => {
      await checkoutWithHoodie(page);
      await payByCard(page, number);
      await expect(
        page.locator('.woocommerce-notices-wrapper').filter({ hasText: /\S/ }),
      ).toContainText(text);
      await expect(page).toHaveURL(/\/checkout\/$/);
      await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
    });
  }

  test('4000 0025 0000 3155 passes the challenge with Complete and the order is paid', async ({
    page,
  }) => {
    await checkoutWithHoodie(page);
    await payByCard(page, '4000002500003155');
    await expect(page.getByRole('button', { name: 'Complete' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    expect(await orderStatus(await orderIdFromUrl(page))).toBe('processing');
  });

  test('4000 0025 0000 3155 failing the challenge comes back to the checkout with the seed text', async ({
    page,
  }) => {
    await checkoutWithHoodie(page);
    // An address of its own, to find its order among those other tests place meanwhile.
    const email = `failed-challenge-${Date.now()}@example.com`;
    await payByCard(page, '4000002500003155', email);
    await page.getByRole('button', { name: 'Fail' }).click();
    await expect(page).toHaveURL(/\/checkout\/$/);
    await expect(
      page.locator('.woocommerce-notices-wrapper').filter({ hasText: /\S/ }),
    ).toContainText('Payment failed. Please try again.');
    const failed = await withShopDatabase((db) =>
      db
        .selectFrom('orders')
        .select('status')
        .where('billing_json', 'like', `%${email}%`)
        .executeTakeFirstOrThrow(),
    );
    expect(failed.status).toBe('failed');
  });
});

for (const width of [390, 1280]) {
  test(`the card fields’ labels each take one line at ${width} px, the fields lined up`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    await checkoutWithHoodie(page);
    await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    const box = (id: string) =>
      page.locator(`#${id}`).evaluate((input) => {
        const label = document.querySelector(`label[for="${input.id}"]`)!.getBoundingClientRect();
        const field = input.getBoundingClientRect();
        return { label: label.height, top: field.top, left: field.left, width: field.width };
      });
    const [number, expiry, cvc] = await Promise.all(
      ['card-number', 'card-expiry', 'card-cvc'].map(box),
    );
    expect(expiry!.label).toBe(number!.label);
    expect(cvc!.label).toBe(number!.label);
    // Side by side on one line, or one under the other at the card number's width.
    if (expiry!.top === cvc!.top) expect(cvc!.left).toBeGreaterThan(expiry!.left);
    else expect([expiry!.width, cvc!.width]).toEqual([number!.width, number!.width]);
    await expectNoHorizontalScroll(page);
  });
}

for (const width of [390, 1280]) {
  test(`a refused Place order scrolls the page’s one notices area to 100 px from the top over 1000 ms, then focuses it 500 ms later (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 844 });
    // The page's clock, to follow the scroll step by step whatever the machine's load.
    await page.clock.install();
    await checkoutWithHoodie(page);
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.getByRole('button', { name: 'Place order' }).click();
    const notices = page.locator('.woocommerce-notices-wrapper');
    await expect(notices.getByRole('alert')).toBeVisible();
    await expect(notices).toHaveCount(1);
    const top = () => notices.evaluate((element) => element.getBoundingClientRect().top);
    const start = await top();
    expect(start).toBeLessThan(0);

    await page.clock.runFor(500);
    expect(await top()).toBeGreaterThan(start);
    expect(await top()).toBeLessThan(100);
    // A frame after the 1000 ms: 100 px from the top, focus still to come.
    await page.clock.runFor(520);
    expect(await top()).toBeCloseTo(100, 0);
    // The focus comes 500 ms after the scroll's last frame: judged 10 ms either side of it.
    await page.clock.runFor(470);
    await expect(notices).not.toBeFocused();
    await page.clock.runFor(40);
    await expect(notices).toBeFocused();
    expect(await top()).toBeCloseTo(100, 0);
    await page.clock.resume();
    await expectAccessible(page);
  });
}

test.describe('alternative payment methods', () => {
  async function billingIn(page: Page, country: string, postcode: string): Promise<void> {
    await fillBilling(page);
    await page.getByLabel('Country / Region').first().selectOption(country);
    await page.getByLabel('Postcode / ZIP').first().fill(postcode);
    await page.getByLabel('Town / City').first().fill('Town');
  }

  test('iDEAL is offered for the Netherlands, authorised on its page, and the order is paid', async ({
    page,
  }) => {
    await checkoutWithHoodie(page);
    await expect(page.getByRole('radio', { name: 'iDEAL' })).toHaveCount(0);
    await billingIn(page, 'NL', '1012 AB');
    await page.getByRole('radio', { name: 'iDEAL' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('button', { name: 'Authorize' }).click();
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    expect(await orderStatus(await orderIdFromUrl(page))).toBe('processing');
  });

  test('a failed Klarna authorisation comes back to the checkout, the order failed', async ({
    page,
  }) => {
    await checkoutWithHoodie(page);
    await page.getByRole('radio', { name: 'Klarna' }).check();
    await fillBilling(page);
    await page.getByRole('radio', { name: 'Klarna' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('button', { name: 'Fail' }).click();
    await expect(page).toHaveURL(/\/checkout\/$/);
    await expect(
      page.locator('.woocommerce-notices-wrapper').filter({ hasText: /\S/ }),
    ).toContainText('Payment failed. Please try again.');
  });

  test('Multibanco gives a voucher with its number on the order-received page', async ({
    page,
  }) => {
    await checkoutWithHoodie(page);
    await billingIn(page, 'PT', '1000-001');
    await page.getByRole('radio', { name: 'Multibanco' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { name: 'Pay your voucher' })).toBeVisible();
    await expect(page.locator('.voucher-number')).not.toBeEmpty();
    expect(await orderStatus(await orderIdFromUrl(page))).toBe('on-hold');
    await expectAccessible(page);
  });

  test('BLIK refuses a code that is not six digits', async ({ page }) => {
    await checkoutWithHoodie(page);
    await billingIn(page, 'PL', '00-001');
    await page.getByRole('radio', { name: 'BLIK' }).check();
    await page.getByLabel('BLIK code').fill('123');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(
      page.locator('.woocommerce-notices-wrapper').filter({ hasText: /\S/ }),
    ).toContainText('BLIK Code is invalid');
    await expect(page.getByLabel('BLIK code')).toHaveAttribute('aria-invalid', 'true');
  });
});

test.describe('the checkout form', () => {
  test('applies SAVE10 from the coupon form and removes it again', async ({ page }) => {
    await checkoutWithHoodie(page);
    await page.getByRole('button', { name: 'Click here to enter your code' }).click();
    await expect(page.getByRole('button', { name: 'Apply coupon' })).toBeDisabled();
    await page.getByLabel('Coupon code').fill('EXPIRED');
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await expect(page.locator('#checkout_coupon_error')).toContainText('expired');
    await page.getByLabel('Coupon code').fill('SAVE10');
    await page.getByRole('button', { name: 'Apply coupon' }).click();
    await expect(page.locator('.cart-discount')).toContainText('-$4.50');
    await expect(page.locator('#checkout_coupon')).toBeHidden();
    await page.getByRole('button', { name: 'Remove coupon SAVE10' }).click();
    await expect(page.locator('.cart-discount')).toHaveCount(0);
  });

  test('switching to a country without states hides the state field; another relabels it', async ({
    page,
  }) => {
    await checkoutWithHoodie(page);
    await page.getByLabel('Country / Region').first().selectOption('US');
    await expect(page.getByRole('combobox', { name: /^State/ })).toBeVisible();
    await page.getByLabel('Country / Region').first().selectOption('DE');
    await expect(page.locator('#billing_state_field')).toBeHidden();
    await page.getByLabel('Country / Region').first().selectOption('CA');
    await expect(page.getByRole('combobox', { name: /^Province/ })).toBeVisible();
    await expectAccessible(page);
  });

  test('typing in the country or state search highlights the first match and Enter takes it', async ({
    page,
  }) => {
    await checkoutWithHoodie(page);
    const country = page.getByRole('combobox', { name: 'Country / Region' });
    await country.focus();
    await page.keyboard.type('germ');
    await expect(page.getByRole('option', { name: 'Germany' })).toHaveAttribute(
      'data-focused',
      'true',
    );
    await page.keyboard.press('Enter');
    await expect(country).toHaveValue('Germany');
    await expect(page.locator('#billing_country')).toHaveValue('DE');
    await expect(page.locator('#billing_state_field')).toBeHidden();

    // Focus stayed in the search: its text is chosen again, then typed over.
    await expect(country).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('united states');
    await page.keyboard.press('Enter');
    await expect(page.locator('#billing_country')).toHaveValue('US');
    const state = page.getByRole('combobox', { name: /^State/ });
    await state.focus();
    await page.keyboard.type('new');
    // An arrow key moves the highlight, and Enter takes the one highlighted.
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'New Jersey' })).toHaveAttribute(
      'data-focused',
      'true',
    );
    await page.keyboard.press('Enter');
    await expect(page.locator('#billing_state')).toHaveValue('NJ');
    // Nothing matches: the seed's text, and Enter changes nothing.
    await page.keyboard.press('Control+A');
    await page.keyboard.type('zzz');
    await expect(page.getByRole('status').filter({ hasText: 'No results found' })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('#billing_state')).toHaveValue('NJ');
    await expectAccessible(page);

    // An optional state (the Emirates' is): `Remove all items` empties it.
    await country.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('united arab');
    await page.keyboard.press('Enter');
    await expect(page.locator('#billing_country')).toHaveValue('AE');
    await state.focus();
    await page.keyboard.type('abu');
    await page.keyboard.press('Enter');
    await expect(state).toHaveValue('Abu Dhabi');
    await page.getByRole('button', { name: 'Remove all items' }).click();
    await expect(page.locator('#billing_state')).toHaveValue('');
    await expect(state).toBeFocused();
  });

  test('a field typed valid is marked validated while typing; a problem waits until it is left', async ({
    page,
  }) => {
    await checkoutWithHoodie(page);
    const row = page.locator('#billing_email_field');
    const email = page.getByLabel('Email address');
    await email.focus();
    await page.keyboard.type('ada@');
    await expect(email).toBeFocused();
    await expect(row).not.toHaveClass(/woocommerce-validated/);
    await expect(row).not.toHaveClass(/woocommerce-invalid/);
    await page.keyboard.type('example.com');
    await expect(email).toBeFocused();
    await expect(row).toHaveClass(/woocommerce-validated/);
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');

    // Left invalid: marked invalid; typing it valid again marks it validated before it is left.
    await email.fill('ada@');
    await page.getByLabel('Phone').focus();
    await expect(row).toHaveClass(/woocommerce-invalid-email/);
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await email.focus();
    await page.keyboard.press('End');
    await page.keyboard.type('example.com');
    await expect(email).toBeFocused();
    await expect(row).toHaveClass(/woocommerce-validated/);
    await expect(row).not.toHaveClass(/woocommerce-invalid/);

    const firstName = page.locator('#billing_first_name_field');
    await page.getByLabel('First name').focus();
    await page.keyboard.type('A');
    await expect(firstName).toHaveClass(/woocommerce-validated/);
  });

  test('order review updates wait 1000 ms after typing and a new one aborts the running one', async ({
    page,
  }) => {
    await checkoutWithHoodie(page);
    const sent: number[] = [];
    const failed: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('wc-ajax=update_order_review')) sent.push(Date.now());
    });
    await fillBilling(page);
    // The billing fields' own changes ask for updates; measure from a quiet review.
    await expect
      .poll(async () => {
        const before = sent.length;
        await page.waitForTimeout(1100);
        return sent.length === before;
      })
      .toBe(true);
    sent.length = 0;
    page.on('requestfailed', (r) => {
      if (r.url().includes('wc-ajax=update_order_review'))
        failed.push(r.failure()?.errorText ?? '');
    });
    // Slow answers, so a second update starts while the first is running.
    await page.route('**/?wc-ajax=update_order_review', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue().catch(() => undefined);
    });
    const typedAt = Date.now();
    await page.getByLabel('Postcode / ZIP').first().pressSequentially('SW1A', { delay: 50 });
    await expect.poll(() => sent.length, { timeout: 5000 }).toBe(1);
    expect(sent[0]! - typedAt).toBeGreaterThanOrEqual(1000);
    await page.getByLabel('Country / Region').first().selectOption('DE');
    await expect.poll(() => sent.length, { timeout: 5000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(() => failed.length, { timeout: 5000 }).toBeGreaterThanOrEqual(1);
  });

  test('shipping to Germany charges the flat rate and VAT in the order review', async ({
    page,
  }) => {
    await checkoutWithHoodie(page);
    await fillBilling(page);
    await page.getByLabel('Country / Region').first().selectOption('DE');
    await page.getByLabel('Postcode / ZIP').first().fill('10115');
    await page.getByLabel('Postcode / ZIP').first().blur();
    await expect(page.locator('.tax-rate')).toContainText('$10.45');
    await expect(page.locator('.order-total')).toContainText('$65.45');
  });

  test('a payment method and shipping elsewhere chosen before the page’s scripts came stay chosen once hydrated', async ({
    page,
  }) => {
    await page.goto('/?add-to-cart=1');
    const hydrate = await gotoBeforeScripts(page, '/checkout/');
    const cash = page.getByRole('radio', { name: 'Cash on delivery' });
    await cash.check();
    const elsewhere = page.getByLabel('Ship to a different address?');
    await elsewhere.check();
    await hydrate();
    await expect(page.locator('#shipping_first_name')).toBeVisible();
    // A render after hydration (the billing address typed, the review refreshed) keeps them.
    await fillBilling(page);
    await expect(page.locator('.order-total')).toBeVisible();
    await expect(cash).toBeChecked();
    await expect(page.locator('.payment_box.payment_method_cod')).toBeVisible();
    await expect(elsewhere).toBeChecked();
    await expect(page.locator('#shipping_first_name')).toBeVisible();
  });

  test('a country chosen before the page’s scripts came relabels the fields and reprices once hydrated', async ({
    page,
  }) => {
    await page.goto('/?add-to-cart=1');
    const hydrate = await gotoBeforeScripts(page, '/checkout/');
    await fillBilling(page);
    await page.getByLabel('Country / Region').first().selectOption('DE');
    await page.getByLabel('Postcode / ZIP').first().fill('10115');
    await hydrate();
    // Germany's fields: no state asked for; what was typed stays; Germany's tax is charged.
    await expect(page.locator('#billing_state_field')).toBeHidden();
    await expect(page.getByLabel('Postcode / ZIP').first()).toHaveValue('10115');
    await expect(page.locator('.tax-rate')).toContainText('$10.45');
    await expect(page.locator('.order-total')).toContainText('$65.45');
  });
});

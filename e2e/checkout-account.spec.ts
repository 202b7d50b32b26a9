import { expect, test, type Page } from '@playwright/test';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  fillBilling,
  gotoHydrated,
  withShopDatabase,
} from './support.ts';

const DEMO = { email: 'customer@example.com', password: 'correct horse battery staple' };

/** A Classic Hoodie in the cart, then the hydrated checkout. */
async function checkoutWithHoodie(page: Page): Promise<void> {
  await page.goto('/?add-to-cart=1');
  await gotoHydrated(page, '/checkout/');
}

/** Waits until the login form's slide has finished (axe and screenshots see the end state). */
async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

const loginToggle = (page: Page) => page.getByRole('button', { name: 'Click here to login' });
const passwordField = (page: Page) => page.getByLabel(/^Password/);

function uniqueEmail(name: string): string {
  return `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

test.describe('returning customers on the checkout', () => {
  test('log in from the toggle with the demo customer: the form is prefilled, the cart kept', async ({
    page,
  }) => {
    await checkoutWithHoodie(page);
    await expect(page.locator('#checkout_login')).toBeHidden();
    await loginToggle(page).click();
    await expect(loginToggle(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByLabel('Username or email')).toBeVisible();

    await page.getByLabel('Username or email').fill(DEMO.email);
    await passwordField(page).fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const error = page.locator('#password_error');
    await expect(error).toHaveText('The email address or password you entered is incorrect.');
    await expect(passwordField(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(passwordField(page)).toBeFocused();

    await passwordField(page).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByText(`Logged in as ${DEMO.email}.`)).toBeVisible();
    await expect(page.getByLabel('First name').first()).toHaveValue('Casey');
    await expect(page.getByLabel('Last name').first()).toHaveValue('Customer');
    await expect(page.getByLabel('Email address')).toHaveValue(DEMO.email);
    await expect(page.getByText('Returning customer?')).toHaveCount(0);
    await expect(page.getByLabel('Create an account?')).toHaveCount(0);
    await expect(page.locator('.checkout-review')).toContainText('Classic Hoodie');
  });

  test(
    'create an account while placing a cash-on-delivery order, then come back logged in',
    { tag: '@database' },
    async ({ page }) => {
      const email = uniqueEmail('ada');
      await checkoutWithHoodie(page);
      await fillBilling(page, email);
      await expect(page.getByLabel('Create account password')).toBeHidden();
      await page.getByLabel('Create an account?').check();
      await page.getByLabel('Create account password').fill('a long enough password');
      await page.getByRole('button', { name: 'Show password' }).click();
      await expect(page.getByLabel('Create account password')).toHaveAttribute('type', 'text');
      await page.getByRole('button', { name: 'Hide password' }).click();
      await expect(page.getByLabel('Create account password')).toHaveAttribute('type', 'password');
      await page.getByRole('radio', { name: 'Cash on delivery' }).check();
      await page.getByRole('button', { name: 'Place order' }).click();
      await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
      const orderId = Number(/order-received\/(\d+)\//.exec(page.url())![1]);

      const saved = await withShopDatabase(async (db) => {
        const customer = await db
          .selectFrom('customers')
          .select(['id', 'first_name'])
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        const order = await db
          .selectFrom('orders')
          .select('customer_id')
          .where('id', '=', orderId)
          .executeTakeFirstOrThrow();
        return { customer, order };
      });
      expect(saved.customer.first_name).toBe('Ada');
      expect(saved.order.customer_id).toBe(saved.customer.id);

      // Logged in afterwards: the next checkout knows them and starts from this order.
      await checkoutWithHoodie(page);
      await expect(page.getByText(`Logged in as ${email}.`)).toBeVisible();
      await expect(page.getByText('Returning customer?')).toHaveCount(0);
      await expect(page.getByLabel('Street address').first()).toHaveValue('12 St James Square');
      await expect(page.getByLabel('Country / Region').first()).toHaveValue('GB');

      await page.getByRole('link', { name: 'Log out' }).click();
      await expect(page).toHaveURL(/\/checkout\/$/);
      await expect(page.getByText('Logged in as')).toHaveCount(0);
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === 'shop_session')).toBeUndefined();
    },
  );

  test('an email that already has an account is refused with WooCommerce’s text', async ({
    page,
  }) => {
    await checkoutWithHoodie(page);
    await fillBilling(page, DEMO.email);
    await page.getByLabel('Create an account?').check();
    await page.getByLabel('Create account password').fill('a long enough password');
    await page.getByRole('radio', { name: 'Cash on delivery' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(
      page.locator('.woocommerce-notices-wrapper').filter({ hasText: /\S/ }),
    ).toContainText('An account is already registered with your email address. Please log in.');
    await expect(page).toHaveURL(/\/checkout\/$/);
  });

  test('the login toggle and form work from the keyboard', async ({ page }) => {
    await checkoutWithHoodie(page);
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    // Tab along until the toggle has focus, as a keyboard user would.
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      if (await loginToggle(page).evaluate((el) => el === document.activeElement)) break;
    }
    await expect(loginToggle(page)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(loginToggle(page)).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(loginToggle(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator('#checkout_login')).toBeHidden();
    await page.keyboard.press('Space');
    await expect(page.locator('#checkout_login')).toBeVisible();

    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Username or email')).toBeFocused();
    await page.keyboard.type(DEMO.email);
    await page.keyboard.press('Tab');
    await expect(passwordField(page)).toBeFocused();
    await page.keyboard.type(DEMO.password);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Show password' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(passwordField(page)).toHaveAttribute('type', 'text');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Log in' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Logged in as ${DEMO.email}.`)).toBeVisible();
    await page.getByRole('link', { name: 'Log out' }).click();
    await expect(page.getByText('Logged in as')).toHaveCount(0);
  });

  test('without JavaScript the link opens the form and the form logs in through the page', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/?add-to-cart=1');
    await page.goto('/checkout/');
    await expect(page.locator('#checkout_login')).toBeHidden();
    await page.getByRole('link', { name: 'Click here to login' }).click();
    await expect(page).toHaveURL(/\/checkout\/\?login=1/);
    await page.getByLabel('Username or email').fill(DEMO.email);
    await passwordField(page).fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(
      page.locator('.woocommerce-notices-wrapper').filter({ hasText: /\S/ }),
    ).toContainText('The email address or password you entered is incorrect.');
    await expect(page.getByLabel('Username or email')).toHaveValue(DEMO.email);
    await passwordField(page).fill(DEMO.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/checkout\/$/);
    await expect(page.getByText(`Logged in as ${DEMO.email}.`)).toBeVisible();
    await expect(page.getByLabel('First name').first()).toHaveValue('Casey');
    await context.close();
  });
});

for (const width of [390, 1280]) {
  test.describe(`the checkout with the login form open at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('passes axe and fits the screen', async ({ page }) => {
      await checkoutWithHoodie(page);
      await loginToggle(page).click();
      await page.getByLabel('Create an account?').check();
      await expect(page.getByLabel('Create account password')).toBeVisible();
      await animationsDone(page);
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      // With the server's errors showing too.
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.locator('#username_error')).toHaveText('Username is required.');
      await expectAccessible(page);
    });

    test('the log-out confirmation page passes axe and logs out from its link', async ({
      page,
    }) => {
      await checkoutWithHoodie(page);
      await loginToggle(page).click();
      await page.getByLabel('Username or email').fill(DEMO.email);
      await passwordField(page).fill(DEMO.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await expect(page.getByText(`Logged in as ${DEMO.email}.`)).toBeVisible();
      // A log-out link without its nonce asks first.
      await gotoHydrated(page, '/my-account/customer-logout/');
      await expect(page.getByText('Are you sure you want to log out?')).toBeVisible();
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
      await page.getByRole('link', { name: 'Confirm and log out' }).click();
      await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
      await page.goto('/checkout/');
      await expect(page.getByText('Logged in as')).toHaveCount(0);
    });
  });
}

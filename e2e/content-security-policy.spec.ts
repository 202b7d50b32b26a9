import { expect, test, type Page } from '@playwright/test';
import { fillBilling, fillCard, gotoHydrated } from './support.ts';

/**
 * The shop's main journeys under its Content-Security-Policy: every page keeps working and the
 * browser reports no violation (an inline script without the nonce is refused, as a check that
 * the policy is there and the reports are seen).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeBinding('reportViolation', (_source, text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation(text: string): void }).reportViolation;
      report(`${event.violatedDirective} ${event.blockedURI} on ${location.pathname}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
  return violations;
}

async function expectPolicy(page: Page, url: string) {
  const response = await page.goto(url);
  expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

test.describe('the Content-Security-Policy', () => {
  test('browse, sort, add, the slide-out cart, the cart page and a card purchase report no violation', async ({
    page,
  }) => {
    const violations = await watchViolations(page);
    await expectPolicy(page, '/shop/');
    await page.getByLabel('Shop order').selectOption('price');
    await expect(page).toHaveURL(/\/shop\/\?orderby=price&paged=1$/);
    await expectPolicy(page, '/product-category/clothing/');
    await expectPolicy(page, '/product/classic-hoodie/');
    // The add opens the slide-out cart.
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expectPolicy(page, '/cart/');
    await expectPolicy(page, '/checkout/');
    await fillBilling(page);
    await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    expect(violations).toEqual([]);

    // The check itself: a script slipped into the page without the nonce does not run.
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injectedRan = true';
      document.body.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { injectedRan?: boolean }).injectedRan === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.length).toBeGreaterThan(0);
    expect(violations[0]).toContain('script-src');
  });

  test('a cached page still hydrates, and the 3D Secure and redirect pages keep working', async ({
    page,
  }) => {
    test.slow(); // two purchases through the processor's pages
    const violations = await watchViolations(page);
    // Twice: the second answer comes from the page micro-cache with the first render's HTML.
    await expectPolicy(page, '/product/linen-shirt/');
    const again = await page.goto('/product/linen-shirt/');
    expect(again?.headers()['x-page-cache']).toBe('HIT');
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

    await page.goto('/?add-to-cart=1');
    await gotoHydrated(page, '/checkout/');
    await fillBilling(page);
    await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    await fillCard(page, '4000002500003155');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();

    await page.goto('/?add-to-cart=1');
    await gotoHydrated(page, '/checkout/');
    await fillBilling(page);
    await page.getByLabel('Country / Region').first().selectOption('NL');
    await page.getByLabel('Postcode / ZIP').first().fill('1012 AB');
    await page.getByLabel('Town / City').first().fill('Town');
    await page.getByRole('radio', { name: 'iDEAL' }).check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('button', { name: 'Authorize' }).click();
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('every page shows the shop’s icon: linked, served for a month, allowed, no console error', async ({
    page,
    request,
  }) => {
    const violations = await watchViolations(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${page.url()}: ${message.text()}`);
    });
    for (const url of ['/', '/product/classic-hoodie/', '/cart/']) {
      await gotoHydrated(page, url);
      await expect(page.locator('head link[rel="icon"]')).toHaveAttribute('href', '/favicon.ico');
    }
    expect((await page.goto('/no-such-page/'))?.status()).toBe(404);
    await expect(page.locator('head link[rel="icon"]')).toHaveAttribute('href', '/favicon.ico');
    // The browser fetched the icon (a 404 was logged on the first page before); the 404 page's own
    // answer is the only error it may log.
    expect(errors.filter((error) => !error.includes('/no-such-page/'))).toEqual([]);
    expect(violations).toEqual([]);

    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toBe('image/x-icon');
    expect(icon.headers()['cache-control']).toBe('public, max-age=2592000');
    const bytes = await icon.body();
    // An ICO file's header: reserved 0, type 1 (icon), then at least one image.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
    expect(bytes.readUInt16LE(4)).toBeGreaterThan(0);
  });
});

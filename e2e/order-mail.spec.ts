import { expect, test, type Page } from '@playwright/test';
import { mailsMatching, shopEmail, waitForMail } from './mail.ts';
import { fillBilling, fillCard, gotoHydrated } from './support.ts';

const received = 'Your Hearth & Thread order has been received!';

/** A cart with the Canvas Tote, then the checkout with the shopper's own address. */
async function checkoutWithTote(page: Page, email: string): Promise<void> {
  await gotoHydrated(page, '/product/canvas-tote/');
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
  await gotoHydrated(page, '/checkout/');
  await fillBilling(page, email);
}

async function placeOrder(page: Page): Promise<number> {
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
  return Number(/order-received\/(\d+)\//.exec(page.url())![1]);
}

test.describe('order confirmation mail', () => {
  test(
    'arrives after a card purchase with 4242, and the shop hears of the order',
    { tag: '@database' },
    async ({ page }) => {
      const email = `mail.card.${Date.now()}@example.com`;
      await checkoutWithTote(page, email);
      await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
      await fillCard(page, '4242424242424242');
      const orderId = await placeOrder(page);

      const mail = await waitForMail({ to: email, subject: received });
      const text = mail.text.replace(/\s+/g, ' ');
      expect(text).toContain(
        `we’ve received your order #${orderId}, and it is now being processed`,
      );
      expect(text).toContain('Canvas Tote');
      expect(text).toContain('Credit / Debit Card');
      expect(text).toContain('12 St James Square');
      expect(mail.html).toContain('Canvas Tote');
      expect(mail.from).toBe('shop@hearth-and-thread.test');
      const shop = await waitForMail({
        to: shopEmail,
        subject: `[Hearth & Thread]: New order #${orderId}`,
      });
      expect(shop.text).toContain('Ada Lovelace');
      expect(await mailsMatching({ to: email })).toHaveLength(1);
    },
  );

  test('arrives after a cash-on-delivery purchase, with the payment instructions', async ({
    page,
  }) => {
    const email = `mail.cod.${Date.now()}@example.com`;
    await checkoutWithTote(page, email);
    await page.getByRole('radio', { name: 'Cash on delivery' }).check();
    const orderId = await placeOrder(page);

    const mail = await waitForMail({ to: email, subject: received });
    const text = mail.text.replace(/\s+/g, ' ');
    expect(text).toContain(`order #${orderId}`);
    expect(text).toContain('Pay with cash upon delivery.');
    expect(text).toContain('Cash on delivery');
    await waitForMail({ to: shopEmail, subject: `[Hearth & Thread]: New order #${orderId}` });
    expect(await mailsMatching({ to: email })).toHaveLength(1);
  });
});

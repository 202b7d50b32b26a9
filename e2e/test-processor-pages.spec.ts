import { expect, test, type Page } from '@playwright/test';
import { createPayments } from '../src/payments/stripe-client.ts';
import { TEST_PUBLISHABLE_KEY } from '@shop/test-processor/keys';
import { loadConfig } from '../src/platform/config/config.ts';
import { expectAccessible, expectNoHorizontalScroll } from './support.ts';

/** The test processor's own pages: 3D Secure challenge, redirect authorisation, voucher. */
function processorAt(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const stripe = createPayments(loadConfig({}), () => ({
    host: hostname,
    port: Number(port),
  })).stripe;

  async function paymentMethod(fields: Record<string, string>): Promise<string> {
    const response = await fetch(`${baseUrl}/test-processor/v1/payment_methods`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TEST_PUBLISHABLE_KEY}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(fields),
    });
    return ((await response.json()) as { id: string }).id;
  }

  /** A payment confirmed with a method of this type, now waiting for the shopper. */
  async function waiting(type: string, fields: Record<string, string>, currency = 'eur') {
    return stripe.paymentIntents.create({
      amount: 4500,
      currency,
      allowed_payment_method_types: [type],
      payment_method: await paymentMethod({ type, ...fields }),
      confirm: true,
      return_url: `${baseUrl}/shop/?from=processor#wc-stripe-confirm`,
    });
  }

  return { stripe, waiting };
}

async function expectTidy(page: Page) {
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
}

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 844 } });

    test('the 3D Secure challenge is accessible and answered from the keyboard', async ({
      page,
      baseURL,
    }) => {
      const { stripe, waiting } = processorAt(baseURL!);
      const intent = await waiting('card', {
        'card[number]': '4000002500003155',
        'card[exp_month]': '12',
        'card[exp_year]': '2034',
        'card[cvc]': '123',
      });
      await page.goto(intent.next_action!.redirect_to_url!.url!);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authenticate this payment');
      await expect(page.getByText('€45.00')).toBeVisible();
      await expectTidy(page);
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Complete' })).toBeFocused();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/shop\/\?from=processor&payment_intent=/);
      expect(new URL(page.url()).searchParams.get('redirect_status')).toBe('succeeded');
      expect(new URL(page.url()).hash).toBe('#wc-stripe-confirm');
      expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
    });

    test('the authorisation page is accessible and Fail works from the keyboard', async ({
      page,
      baseURL,
    }) => {
      const { stripe, waiting } = processorAt(baseURL!);
      const intent = await waiting('ideal', {});
      await page.goto(intent.next_action!.redirect_to_url!.url!);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        'Authorize this iDEAL payment',
      );
      await expectTidy(page);
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Authorize' })).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: 'Fail' })).toBeFocused();
      await page.keyboard.press('Space');
      await page.waitForURL(/redirect_status=failed/);
      expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe(
        'requires_payment_method',
      );
    });

    test('the voucher page shows the voucher and Simulate payment pays it', async ({
      page,
      baseURL,
    }) => {
      const { stripe, waiting } = processorAt(baseURL!);
      const intent = await waiting('boleto', {}, 'brl');
      const details = intent.next_action!.boleto_display_details!;
      await page.goto(details.hosted_voucher_url!);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pay with Boleto');
      await expect(page.getByText(details.number!)).toBeVisible();
      await expect(page.getByText('Expires', { exact: true })).toBeVisible();
      await expectTidy(page);
      await page.getByRole('button', { name: 'Simulate payment' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('The payment succeeded.');
      await expectTidy(page);
      expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('succeeded');
      await page.getByRole('link', { name: 'Return to the shop' }).click();
      await page.waitForURL(/redirect_status=succeeded/);
    });
  });
}

import { expect, test, type Page } from '@playwright/test';
import { sql } from 'kysely';
import type Stripe from 'stripe';
import { STRIPE_NONCES } from '../src/payments/nonces.ts';
import { createPayments } from '../src/payments/stripe-client.ts';
import { createTestPaymentMethod } from '@shop/test-processor/testing';
import { loadConfig } from '../src/platform/config/config.ts';
import { createNonce } from '../src/platform/nonce/nonce.ts';
import { SESSION_COOKIE } from '../src/platform/session/session.ts';
import {
  expectAccessible,
  expectNoHorizontalScroll,
  fillBilling,
  fillCard,
  gotoHydrated,
  withShopDatabase,
} from './support.ts';

/**
 * Coming back to the checkout with a confirm marker in the hash (seed 001 §2, §4): the short
 * marker `#confirm-(pi|si)-{client secret}:{return url}` and the order marker's `si` twin.
 * The intents are made as the shop's server makes them: the SDK against the test processor.
 */
let stripe: Stripe;

test.beforeAll(({ baseURL }) => {
  const { hostname, port } = new URL(baseURL!);
  stripe = createPayments(loadConfig({}), () => ({ host: hostname, port: Number(port) })).stripe;
});

const notices = (page: Page) =>
  page.locator('.woocommerce-notices-wrapper').filter({ hasText: /\S/ });

/** A payment intent confirmed with a test card, as the server leaves it (3DS waits for the shopper). */
async function cardIntent(baseURL: string, number: string, returnPath = '/shop/?returned=1') {
  const method = await createTestPaymentMethod(baseURL, number);
  const intent = await stripe.paymentIntents.create({
    amount: 4500,
    currency: 'usd',
    payment_method: method.id!,
  });
  return stripe.paymentIntents
    .confirm(intent.id, { return_url: new URL(returnPath, baseURL).href })
    .catch(() => stripe.paymentIntents.retrieve(intent.id));
}

/** A Classic Hoodie in the cart, so the checkout is a checkout. */
async function withCart(page: Page): Promise<void> {
  await page.goto('/?add-to-cart=1');
}

test.describe('the short confirm marker', () => {
  test('a succeeded payment goes on to the marker’s return URL', async ({ page, baseURL }) => {
    const paid = await cardIntent(baseURL!, '4242424242424242');
    expect(paid.status).toBe('succeeded');
    await withCart(page);
    await page.goto(
      `/checkout/#confirm-pi-${paid.client_secret}:${encodeURIComponent('/shop/?paid=1')}`,
    );
    await expect(page).toHaveURL(/\/shop\/\?paid=1$/);
    await expect(page.getByRole('heading', { name: 'Shop', level: 1 })).toBeVisible();
  });

  for (const width of [390, 1280]) {
    test(`a declined payment unblocks the form and shows the seed text (${width} px)`, async ({
      page,
      baseURL,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      const declined = await cardIntent(baseURL!, '4000000000000002');
      expect(declined.status).toBe('requires_payment_method');
      await withCart(page);
      await page.goto(`/checkout/#confirm-pi-${declined.client_secret}:%2Fshop%2F`);
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      await expect(notices(page)).toContainText('The card was declined.');
      await expect(page).toHaveURL(/\/checkout\/$/);
      await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
      await expect(page.locator('form.checkout')).not.toHaveClass(/processing/);
      await expectAccessible(page);
      await expectNoHorizontalScroll(page);
    });
  }

  test('a card needing authentication opens the challenge; Complete comes back to the return URL', async ({
    page,
    baseURL,
  }) => {
    const waiting = await cardIntent(baseURL!, '4000002500003155', '/shop/?authenticated=1');
    expect(waiting.status).toBe('requires_action');
    await withCart(page);
    await page.goto(`/checkout/#confirm-pi-${waiting.client_secret}:%2Fshop%2F`);
    await expect(page.getByRole('button', { name: 'Complete' })).toBeVisible();
    await page.getByRole('button', { name: 'Complete' }).press('Enter');
    await expect(page).toHaveURL(/\/shop\/\?authenticated=1&payment_intent=pi_/);
    expect((await stripe.paymentIntents.retrieve(waiting.id)).status).toBe('succeeded');
  });

  test('a return URL on another site is no marker: the checkout stays as it was', async ({
    page,
    baseURL,
  }) => {
    const paid = await cardIntent(baseURL!, '4242424242424242');
    await withCart(page);
    await gotoHydrated(
      page,
      `/checkout/#confirm-pi-${paid.client_secret}:${encodeURIComponent('https://evil.example/')}`,
    );
    await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
    await expect(page).toHaveURL(/\/checkout\/#confirm-pi-/);
    await expect(notices(page)).toHaveCount(0);
  });
});

test.describe('the si order marker', () => {
  test('a free order whose card was saved is settled and the shopper sees the thank-you page', async ({
    page,
    baseURL,
  }) => {
    await withCart(page);
    // The order a free trial's checkout leaves: nothing to charge, a card to save for later.
    const token = (await page.context().cookies()).find((c) => c.name === SESSION_COOKIE)!.value;
    const sessionId = token.slice(0, token.lastIndexOf('.'));
    const { orderId, orderKey, secret } = await withShopDatabase(async (db) => {
      const sessionSecret = await db
        .selectFrom('settings')
        .select('value')
        .where('name', '=', 'session_secret')
        .executeTakeFirstOrThrow();
      const row = await db
        .insertInto('orders')
        .values({
          order_key: `wc_order_e2e${Date.now()}`,
          status: 'pending',
          customer_id: null,
          session_id: sessionId,
          currency: 'USD',
          billing_json: JSON.stringify({
            first_name: 'Ada',
            last_name: 'Lovelace',
            company: '',
            address_1: '1 Test Street',
            address_2: '',
            city: 'London',
            state: '',
            postcode: 'N1 1AA',
            country: 'GB',
            email: 'ada@example.com',
            phone: '',
          }),
          shipping_json: JSON.stringify({ address: null, method: null }),
          payment_method: 'stripe',
          payment_method_title: 'Credit / Debit Card',
          transaction_id: null,
          subtotal: 0,
          discount_total: 0,
          shipping_total: 0,
          tax_total: 0,
          total: 0,
          coupons_json: '[]',
          customer_note: '',
          created_at: new Date().toISOString(),
          paid_at: null,
        })
        .returning(['id', 'order_key'])
        .executeTakeFirstOrThrow();
      return { orderId: row.id, orderKey: row.order_key, secret: sessionSecret.value };
    });
    const setup = await stripe.setupIntents.create({
      metadata: { order_id: String(orderId), order_key: orderKey },
    });
    const method = await createTestPaymentMethod(baseURL!, '4242424242424242');
    await stripe.setupIntents.confirm(setup.id, { payment_method: method.id! });
    const nonce = createNonce(secret, STRIPE_NONCES.updateOrderStatus, sessionId);

    const statusCall = page.waitForRequest((r) =>
      r.url().includes('wc-ajax=wc_stripe_update_order_status'),
    );
    await page.goto(`/checkout/#wc-stripe-confirm-si:${orderId}:${setup.client_secret}:${nonce}`);
    expect((await statusCall).postData()).toContain(`intent_id=${setup.id}`);
    await expect(page).toHaveURL(new RegExp(`/checkout/order-received/${orderId}/\\?key=`));
    const status = await withShopDatabase(
      async (db) =>
        (
          await db
            .selectFrom('orders')
            .select('status')
            .where('id', '=', orderId)
            .executeTakeFirstOrThrow()
        ).status,
    );
    expect(status).toBe('processing');
  });
});

/** A card number in any spacing: digits apart by blanks, dashes, dots, `+` or their encodings. */
function anySpacing(digits: string): RegExp {
  return new RegExp(digits.split('').join('(?:[\\s\\-.+_/]|%20|%2D|%2B)*'));
}

test.describe('card data in the browser', () => {
  test('the card typed at checkout goes to the processor only: no request to the shop and no shop table holds it', async ({
    page,
    baseURL,
  }) => {
    const shopRequests: string[] = [];
    const processorRequests: string[] = [];
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.origin !== new URL(baseURL!).origin) return void elsewhere.push(url.href);
      const seen = `${request.method()} ${url.pathname}${url.search}\n${request.postData() ?? ''}`;
      if (url.pathname.startsWith('/test-processor/')) processorRequests.push(seen);
      else shopRequests.push(seen);
    });
    await withCart(page);
    await gotoHydrated(page, '/checkout/');
    await fillBilling(page, 'audit@example.com');
    await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByLabel('Expiration date').fill('07/41');
    await page.getByLabel('Security code').fill('738');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();

    const pan = anySpacing('4242424242424242');
    const cvc = [/(?<![\w.:-])738(?![\w.:-])/, /cvc/i];
    const expiry = [
      /07\s*(?:\/|%2F)\s*41/i,
      /(?<![\w.:-])(?:0741|2041)(?![\w.:-])/,
      /exp_(?:month|year)/,
    ];
    // In test mode the local element takes the card: Stripe.js is never fetched.
    expect(elsewhere).toEqual([]);
    // The card did leave the page: for the processor, as it would for Stripe.
    expect(processorRequests.join('\n')).toMatch(/card%5Bnumber%5D=4242424242424242/);
    expect(shopRequests.some((r) => r.includes('wc-ajax=checkout'))).toBe(true);
    for (const request of shopRequests)
      for (const pattern of [pan, ...cvc, ...expiry]) expect(request).not.toMatch(pattern);

    await withShopDatabase(async (db) => {
      const listing = process.env.E2E_DATABASE_URL!.startsWith('postgres')
        ? sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`
        : sql<{ name: string }>`select name from sqlite_master where type = 'table'`;
      const tables = (await listing.execute(db)).rows.map((r) => r.name);
      expect(tables).toContain('orders');
      for (const table of tables) {
        const dump = JSON.stringify(
          (await sql`select * from ${sql.table(table)}`.execute(db)).rows,
        );
        expect(dump, table).not.toMatch(pan);
        expect(dump, table).not.toMatch(cvc[0]!);
        // The processor keeps expiry month and year, as Stripe does; the shop keeps none of it.
        if (!table.startsWith('tp_'))
          for (const pattern of expiry) expect(dump, table).not.toMatch(pattern);
      }
    });
  });
});

test.describe('coming back to the thank-you page', () => {
  /** Places a Classic Hoodie order and leaves for the processor's page, as each way does. */
  const ways: [string, (page: Page) => Promise<void>][] = [
    [
      '3D Secure Complete',
      async (page) => {
        await page.getByRole('radio', { name: 'Credit / Debit Card' }).check();
        await fillCard(page, '4000002500003155');
        await page.getByRole('button', { name: 'Place order' }).click();
        await page.getByRole('button', { name: 'Complete' }).click();
      },
    ],
    ...(
      [
        ['iDEAL', 'NL', '1012 AB'],
        ['Klarna', 'GB', 'SW1Y 4JH'],
        ['WeChat Pay', 'SG', '018956'],
      ] as const
    ).map(([method, country, postcode]): [string, (page: Page) => Promise<void>] => [
      `${method} Authorize`,
      async (page) => {
        await page.getByLabel('Country / Region').first().selectOption(country);
        await page.getByLabel('Postcode / ZIP').first().fill(postcode);
        await page.getByRole('radio', { name: method }).check();
        await page.getByRole('button', { name: 'Place order' }).click();
        await page.getByRole('button', { name: 'Authorize' }).click();
      },
    ]),
  ];

  // The header's count and the page's own settling of the return once raced: the stale count
  // showed in about half the returns, so each way is taken twice.
  test('after a challenge or a redirect method the header counts the emptied cart', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    for (const [name, leaveForProcessor] of [...ways, ...ways]) {
      await withCart(page);
      await gotoHydrated(page, '/checkout/');
      await fillBilling(page);
      await leaveForProcessor(page);
      await expect(page.getByText('Thank you. Your order has been received.')).toBeVisible();
      await expect(page).toHaveURL(/[?&]payment_intent=pi_/);
      await expect(
        page.getByRole('button', { name: /^Cart/ }).locator('.cart-contents-count'),
        name,
      ).toHaveText('0');
    }
    await page.goto('/cart/');
    await expect(page.locator('.cart_item')).toHaveCount(0);
  });
});

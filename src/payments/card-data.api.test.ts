import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import type { ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeBillingForm } from '../checkout/billing.fixture.ts';
import { loadConfig } from '../platform/config/config.ts';
import type { DbKind } from '../platform/db/database.ts';
import { databaseKinds, openTestDatabase } from '../platform/db/testing/test-database.ts';
import { createLogger } from '../platform/log/log.ts';
import { buildServer } from '../server.ts';
import { createShop } from '../shop.ts';
import { sharedTestDataDir, type TestShop } from '../testing/test-shop.ts';
import { pendingOrderOf, shopperWithCart, type Shopper } from '../testing/shopper.fixture.ts';
import { STRIPE_NONCES } from './nonces.ts';
import { TEST_PUBLISHABLE_KEY } from '@shop/test-processor/keys';
import {
  confirmPayment,
  confirmSetup,
  createPaymentMethod,
  type BillingDetails,
  type CardDetails,
} from './ui/local-stripe.ts';
import type { TestProcessorTables } from '@shop/test-processor';

/**
 * Issue 4's acceptance: no card number, CVC or expiry reaches the shop's server or its logs.
 * Purchases run through the real server the way the browser makes them (the local payment
 * element's calls to the test processor, then the shop's own calls), with the shop's pino output
 * captured at its most talkative level; then every table of the database is dumped.
 *
 * The test processor is part of the same server and legitimately receives the card, as Stripe
 * would: its own tables (`tp_*`) may keep brand, last 4 and expiry month/year, never the number
 * or the CVC. The shop's tables keep nothing of the card at all (brand and last 4 at most).
 */

/** Expiry and CVC used for every card here: values that occur nowhere else in a shop. */
const EXPIRY = '07/41';
const CVC = '738';
const CARDS = {
  paid: '4242424242424242',
  challenge: '4000002500003155',
  declined: '4000000000000002',
  incorrectCvc: '4000000000000127',
  luhnFails: '4242424242424241',
} as const;

/** A number in any spacing: digits apart by blanks, dashes, dots, `+` or their URL encodings. */
function anySpacing(digits: string): RegExp {
  return new RegExp(digits.split('').join('(?:[\\s\\-.+_/]|%20|%2D|%2B)*'));
}

/** A value standing on its own (not part of a longer number, id, time or decimal). */
function token(value: string): RegExp {
  return new RegExp(`(?<![\\w.:\\-])${value}(?![\\w.:\\-])`);
}

const PANS = Object.values(CARDS).map(anySpacing);
const CVC_PATTERNS = [token(CVC), /card\[cvc\]|"cvc"\s*:/i];
const EXPIRY_PATTERNS = [
  /07\s*\/\s*41/,
  /07\s*%2F\s*41/i,
  token('0741'),
  token('2041'),
  /exp_(month|year)/,
];

const billing: BillingDetails = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  address: {
    city: 'London',
    country: 'GB',
    line1: '12 St James Square',
    line2: '',
    postal_code: 'SW1Y 4JH',
    state: '',
  },
};

/** The card as the local card element holds it: masked number, MM/YY, CVC. */
const typed = (number: string): CardDetails => ({
  number: number.replace(/(\d{4})(?=\d)/g, '$1 '),
  expiry: EXPIRY,
  cvc: CVC,
});

/** The real server, as startTestShop makes it, with the shop's log lines kept. */
async function startLoggedShop(kind: DbKind, lines: string[]): Promise<TestShop> {
  const database = await openTestDatabase(kind);
  const loaded = loadConfig({});
  // Its mail (order confirmations) goes to an outbox of its own, not the shared data folder.
  const outboxDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-outbox-'));
  const config = {
    ...loaded,
    dataDir: sharedTestDataDir,
    port: 0,
    logLevel: 'trace',
    mail: { ...loaded.mail, outboxDir },
  };
  const log = createLogger('trace', { write: (line: string) => void lines.push(line) });
  const shop = await createShop(config, log, { database });
  const build = (await import(
    pathToFileURL(path.resolve('build/server/index.js')).href
  )) as ServerBuild;
  const app = await buildServer(shop, { build, clientDir: path.resolve('build/client') });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  shop.address.host = '127.0.0.1';
  shop.address.port = typeof address === 'object' && address ? address.port : 0;
  const close = async () => {
    await app.close();
    await shop.close();
    await rm(outboxDir, { recursive: true, force: true });
  };
  return { shop, app, url: `http://127.0.0.1:${shop.address.port}`, close, kill: close };
}

async function tableNames(t: TestShop): Promise<string[]> {
  const query =
    t.shop.kind === 'sqlite'
      ? sql<{ name: string }>`select name from sqlite_master where type = 'table'`
      : sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public'`;
  return (await query.execute(t.shop.db)).rows.map((r) => r.name).sort();
}

async function dumpTable(t: TestShop, table: string): Promise<Record<string, unknown>[]> {
  return (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(t.shop.db))
    .rows;
}

describe.each(databaseKinds)('no card data in the shop’s server or logs on %s', (kind) => {
  let t: TestShop;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await startLoggedShop(kind, lines);
  });
  afterAll(() => t.close());

  const options = () => ({ baseUrl: t.url });

  /** The browser's card element makes its payment method at the processor, never at the shop. */
  async function cardMethod(number: string): Promise<string | null> {
    const made = await createPaymentMethod(
      TEST_PUBLISHABLE_KEY,
      { type: 'card', card: typed(number), billing },
      options(),
    );
    return 'error' in made ? null : made.paymentMethod.id;
  }

  /** The checkout's own call, with the hidden input the browser adds (seed 001 §4). */
  async function checkout(shopper: Shopper, paymentMethodId: string) {
    const page = await shopper.client.get('/checkout/');
    const nonce = /name="woocommerce-process-checkout-nonce" value="(\w+)"/.exec(page.text)![1]!;
    return shopper.client.postForm<{ result: string; redirect?: string }>('/?wc-ajax=checkout', {
      ...completeBillingForm,
      'terms-field': '1',
      terms: 'on',
      payment_method: 'stripe',
      'wc-stripe-payment-method': paymentMethodId,
      'woocommerce-process-checkout-nonce': nonce,
    });
  }

  async function allWebhooksDelivered(): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const pending = await t.shop.db
        .withTables<TestProcessorTables>()
        .selectFrom('tp_events')
        .select('id')
        .where('delivered_at', 'is', null)
        .execute();
      if (pending.length === 0 || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('buys, authenticates, declines, pays an intent and saves a card; then checks every log line and table', async () => {
    // A card that pays at once.
    const paid = await shopperWithCart(t);
    const paidAnswer = await checkout(paid, (await cardMethod(CARDS.paid))!);
    expect(paidAnswer.body.result).toBe('success');

    // A card that asks for 3D Secure: the challenge, then the browser's status call.
    const challenged = await shopperWithCart(t);
    const marker = await checkout(challenged, (await cardMethod(CARDS.challenge))!);
    const [, orderId, secret, statusNonce] = /^#wc-stripe-confirm-pi:(\d+):([^:]+):(\w+)$/.exec(
      marker.body.redirect!,
    )!;
    const intentId = secret!.split('_secret_')[0]!;
    await fetch(`${t.url}/test-processor/challenge/${intentId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: secret!, outcome: 'complete' }),
    });
    const status = await challenged.client.postForm<{ success: boolean }>(
      '/?wc-ajax=wc_stripe_update_order_status',
      { _ajax_nonce: statusNonce!, order_id: orderId!, intent_id: intentId },
    );
    expect(status.body.success).toBe(true);

    // Declines: at the bank, and at the processor before any payment method exists.
    const declined = await shopperWithCart(t);
    expect((await checkout(declined, (await cardMethod(CARDS.declined))!)).body.result).toBe(
      'failure',
    );
    const badCvc = await shopperWithCart(t);
    expect((await checkout(badCvc, (await cardMethod(CARDS.incorrectCvc))!)).body.result).toBe(
      'failure',
    );
    expect(await cardMethod(CARDS.luhnFails)).toBeNull();

    // The intent calls: an order's intent confirmed by the browser with a new card.
    const intentShopper = await shopperWithCart(t);
    const order = await pendingOrderOf(t, intentShopper);
    const created = await intentShopper.client.postForm<{
      data: { id: string; client_secret: string };
    }>('/?wc-ajax=wc_stripe_create_payment_intent', {
      _ajax_nonce: intentShopper.nonce(STRIPE_NONCES.createPaymentIntent),
      stripe_order_id: String(order.id),
    });
    const confirmed = await confirmPayment(
      TEST_PUBLISHABLE_KEY,
      {
        clientSecret: created.body.data.client_secret,
        paymentMethodId: (await cardMethod(CARDS.paid))!,
      },
      options(),
    );
    expect('paymentIntent' in confirmed).toBe(true);
    await intentShopper.client.postForm('/?wc-ajax=wc_stripe_update_order_status', {
      _ajax_nonce: intentShopper.nonce(STRIPE_NONCES.updateOrderStatus),
      order_id: String(order.id),
      intent_id: created.body.data.id,
    });
    expect((await t.shop.orders.find(order.id))!.status).toBe('processing');

    // A card saved for later through a setup intent.
    const setup = await intentShopper.client.postForm<{
      data: { id: string; client_secret: string };
    }>('/?wc-ajax=wc_stripe_init_setup_intent', {
      _ajax_nonce: intentShopper.nonce(STRIPE_NONCES.initSetupIntent),
      payment_method_type: 'card',
    });
    const saved = await confirmSetup(
      TEST_PUBLISHABLE_KEY,
      {
        clientSecret: setup.body.data.client_secret,
        paymentMethodId: (await cardMethod(CARDS.paid))!,
      },
      options(),
    );
    expect(saved).toMatchObject({ setupIntent: { status: 'succeeded' } });
    await allWebhooksDelivered();

    // The logs: every request was logged (these are the shop's own lines, at trace level).
    const log = lines.join('');
    expect(log).toContain('/?wc-ajax=checkout');
    expect(log).toContain('/test-processor/v1/payment_methods');
    expect(log).toContain('/wc-api/wc_stripe/');
    for (const pattern of [...PANS, ...CVC_PATTERNS, ...EXPIRY_PATTERNS])
      expect(log, `log matches ${pattern}`).not.toMatch(pattern);

    // Every table: the shop's hold nothing of a card; the processor's hold no number or CVC.
    const tables = await tableNames(t);
    expect(tables).toEqual(
      expect.arrayContaining([
        'orders',
        'payment_events',
        'sessions',
        'carts',
        'tp_payment_methods',
      ]),
    );
    for (const table of tables) {
      const dump = JSON.stringify(await dumpTable(t, table));
      const forbidden = table.startsWith('tp_')
        ? [...PANS, ...CVC_PATTERNS]
        : [...PANS, ...CVC_PATTERNS, ...EXPIRY_PATTERNS];
      for (const pattern of forbidden)
        expect(dump, `table ${table} matches ${pattern}`).not.toMatch(pattern);
    }

    // What the processor keeps of a card, as Stripe does: brand, last 4, expiry month and year.
    const methods = await t.shop.db
      .withTables<TestProcessorTables>()
      .selectFrom('tp_payment_methods')
      .select(['brand', 'last4', 'exp_month', 'exp_year'])
      .execute();
    expect(methods.length).toBeGreaterThanOrEqual(5);
    for (const method of methods) {
      expect(method).toMatchObject({ brand: 'visa', exp_month: 7, exp_year: 2041 });
      expect(method.last4).toMatch(/^\d{4}$/);
    }
  }, 60_000);
});

import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  attemptWindows,
  holdStockUntilPaid,
  pendingOrderOf,
  shopperWithCart,
} from '../testing/shopper.fixture.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { ShopperClient } from '../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { orderPayUrl } from './payment-steps.ts';

/** The gateway nonces a page gives the browser (its loader's `nonces`). */
interface PageNonces {
  createPaymentIntent?: string;
  updatePaymentIntent?: string;
  initSetupIntent?: string;
  updateOrderStatus?: string;
  updateFailedOrder?: string;
}

interface IntentAnswer {
  success?: boolean;
  data?: { id?: string; client_secret?: string; success?: boolean };
}

/**
 * What the rendered page hands the browser: React Router's hydration data, streamed into the
 * page's scripts, decoded as the browser decodes it.
 */
async function pageData(html: string): Promise<Record<string, unknown>> {
  const chunks = [
    ...html.matchAll(/__reactRouterContext\.streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g),
  ].map((match) => JSON.parse(match[1]!) as string);
  expect(chunks.length).toBeGreaterThan(0);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });
  const decoded = await decodeViaTurboStream(body, globalThis);
  await decoded.done;
  return (decoded.value as { loaderData: Record<string, unknown> }).loaderData;
}

async function gatewayNonces(html: string, route: string): Promise<PageNonces> {
  const loaderData = await pageData(html);
  const key = Object.keys(loaderData).find((id) => id.endsWith(route));
  expect(key, `loader data of ${route}`).toBeDefined();
  return (loaderData[key!] as { nonces: PageNonces }).nonces;
}

describe.each(databaseKinds)('gateway nonces on the pages on %s', (kind) => {
  let t: TestShop;

  const windows = attemptWindows();

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true, clock: windows.clock });
    await holdStockUntilPaid(t);
  });
  afterAll(() => t.close());
  beforeEach(() => windows.next());

  it('gives the checkout the intent nonces, and they open the intent calls for this shopper', async () => {
    const shopper = await shopperWithCart(t);
    const page = await shopper.client.get('/checkout/');
    expect(page.status).toBe(200);
    const nonces = await gatewayNonces(page.text, 'pages/checkout');
    for (const name of ['createPaymentIntent', 'updatePaymentIntent', 'initSetupIntent'] as const)
      expect(nonces[name], name).toMatch(/^\w{12}$/);

    const order = await pendingOrderOf(t, shopper);
    const created = await shopper.client.postForm<IntentAnswer>(
      '/?wc-ajax=wc_stripe_create_payment_intent',
      { _ajax_nonce: nonces.createPaymentIntent!, stripe_order_id: String(order.id) },
    );
    expect(created.status).toBe(200);
    expect(created.body.success).toBe(true);
    expect(created.body.data!.id).toMatch(/^pi_/);

    const updated = await shopper.client.postForm<IntentAnswer>(
      '/?wc-ajax=wc_stripe_update_payment_intent',
      {
        _ajax_nonce: nonces.updatePaymentIntent!,
        stripe_order_id: String(order.id),
        wc_payment_intent_id: created.body.data!.id!,
      },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.success).toBe(true);

    const setup = await shopper.client.postForm<IntentAnswer>(
      '/?wc-ajax=wc_stripe_init_setup_intent',
      { _ajax_nonce: nonces.initSetupIntent!, payment_method_type: 'card' },
    );
    expect(setup.status).toBe(200);
    expect(setup.body.data!.id).toMatch(/^seti_/);

    // Each nonce opens its own call only.
    const crossed = await shopper.client.postForm('/?wc-ajax=wc_stripe_init_setup_intent', {
      _ajax_nonce: nonces.createPaymentIntent!,
      payment_method_type: 'card',
    });
    expect(crossed.status).toBe(403);
  });

  it('gives the order-pay page the intent nonces: a key holder makes the order’s intent with them', async () => {
    const placer = await shopperWithCart(t);
    const order = await pendingOrderOf(t, placer);
    // Another browser with the order-pay link (no session of its own).
    const visitor = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
    const page = await visitor.get(orderPayUrl(order));
    expect(page.status).toBe(200);
    const nonces = await gatewayNonces(page.text, 'pages/order-pay');
    for (const name of ['createPaymentIntent', 'updatePaymentIntent', 'initSetupIntent'] as const)
      expect(nonces[name], name).toMatch(/^\w{12}$/);

    const created = await visitor.postForm<IntentAnswer>(
      '/?wc-ajax=wc_stripe_create_payment_intent',
      {
        _ajax_nonce: nonces.createPaymentIntent!,
        stripe_order_id: String(order.id),
        order_key: order.key,
      },
    );
    expect(created.status).toBe(200);
    expect(created.body.data!.id).toMatch(/^pi_/);
    expect((await t.shop.orders.find(order.id))!.paymentIntentId).toBe(created.body.data!.id);

    const setup = await visitor.postForm<IntentAnswer>('/?wc-ajax=wc_stripe_init_setup_intent', {
      _ajax_nonce: nonces.initSetupIntent!,
      payment_method_type: 'card',
    });
    expect(setup.status).toBe(200);
    expect(setup.body.data!.id).toMatch(/^seti_/);
  });
});

import { completeBillingForm } from '../checkout/billing.fixture.ts';
import { addressFromForm } from '../platform/address/address.ts';
import { draftOrder, type Order } from '../checkout/order.ts';
import { INTENT_RATE_LIMIT } from '../platform/constants/index.ts';
import { createNonce } from '../platform/nonce/nonce.ts';
import { SESSION_COOKIE, unsignSessionToken } from '../platform/session/session.ts';
import { ShopperClient } from './browser-like-client.ts';
import type { TestShop } from './test-shop.ts';
import type { TestProcessorTables } from '@shop/test-processor';

export interface Shopper {
  client: ShopperClient;
  sessionId: string;
  /** The per-action nonce the shop's pages give this shopper's session. */
  nonce(action: string): string;
}

/** A shopper whose session holds a cart with one product (a session is made by adding to cart). */
export async function shopperWithCart(t: TestShop, slug = 'classic-hoodie'): Promise<Shopper> {
  const client = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
  const product = (await t.shop.catalog.productBySlug(slug))!;
  await client.postForm('/?wc-ajax=add_to_cart', { product_id: String(product.id), quantity: '1' });
  const sessionId = unsignSessionToken(t.shop.secret, client.cookie(SESSION_COOKIE))!;
  return {
    client,
    sessionId,
    nonce: (action) => createNonce(t.shop.secret, action, sessionId),
  };
}

/**
 * An unpaid order placed by the shopper's session from their cart, as the checkout makes it
 * before any payment is taken (billing in GB unless given).
 */
export async function pendingOrderOf(
  t: TestShop,
  shopper: Shopper,
  billing: Record<string, string> = {},
): Promise<Order> {
  const view = await t.shop.cart.read(shopper.sessionId);
  return t.shop.orders.create(
    draftOrder(
      view.totals,
      {
        billing: addressFromForm({ ...completeBillingForm, ...billing }, 'billing'),
        shippingAddress: null,
        paymentMethod: 'stripe',
        paymentMethodTitle: 'Credit / Debit Card',
        customerNote: '',
      },
      view.money.currency,
    ),
    shopper.sessionId,
    'pending',
  );
}

/** The processor's payment intents made for an order, and how many of them took money. */
export async function intentsFor(t: TestShop, orderId: number) {
  const rows = await t.shop.db
    .withTables<TestProcessorTables>()
    .selectFrom('tp_payment_intents')
    .select(['id', 'status', 'metadata_json'])
    .execute();
  const mine = rows.filter(
    (row) => (JSON.parse(row.metadata_json) as { order_id?: string }).order_id === String(orderId),
  );
  return {
    all: mine.length,
    charged: mine.filter((row) => ['succeeded', 'requires_capture'].includes(row.status)).length,
  };
}

/**
 * The clock of a test shop that makes many payment attempts from one address: `next()` moves it
 * into a fresh card-testing window (INTENT_RATE_LIMIT), so the counters start again without
 * being deleted. Orders are stamped by the wall clock, so a shop on this clock should hold
 * unpaid orders' stock until paid (`holdStockUntilPaid`), or the hold-stock job finds them
 * hours old.
 */
export function attemptWindows(start = Date.now()) {
  let now = start;
  const windowMs = Math.max(
    INTENT_RATE_LIMIT.perIp.windowMs,
    INTENT_RATE_LIMIT.perSession.windowMs,
  );
  return {
    clock: () => new Date(now),
    next() {
      now += windowMs;
    },
  };
}

/** Unpaid orders hold their stock until paid (WooCommerce's empty hold time). */
export async function holdStockUntilPaid(t: TestShop): Promise<void> {
  await t.shop.settings.set('holdStockMinutes', 0);
}

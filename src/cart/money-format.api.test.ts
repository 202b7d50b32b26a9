import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeOrder } from '../checkout/operations.ts';
import { checkoutForm } from '../checkout/schemas.ts';
import { completeBillingForm } from '../checkout/billing.fixture.ts';
import { shopperWithCart } from '../testing/shopper.fixture.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import type { StoreCart } from './store-api.types.ts';

/** The hoodie's €45.00 as a German shop writes it (a no-break space before the sign). */
const HOODIE_PRICE = '45,00\u00a0€';

describe.each(databaseKinds)('prices in the shop’s currency and language on %s', (kind) => {
  let t: TestShop;

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true });
    await t.shop.settings.saveOption('woocommerce_currency', 'EUR');
    await t.shop.settings.saveOption('WPLANG', 'de_DE');
  });
  afterAll(() => t.close());

  it('writes the cart’s widgets, its Store API currency, its page and its order in them', async () => {
    const shopper = await shopperWithCart(t);
    const added = await shopper.client.postForm<{ fragments: Record<string, string> }>(
      '/?wc-ajax=add_to_cart',
      { product_id: String((await t.shop.catalog.productBySlug('classic-hoodie'))!.id) },
    );
    expect(added.body.fragments['div.widget_shopping_cart_content']).toContain(HOODIE_PRICE);

    const store = await shopper.client.get<StoreCart>('/wc/store/v1/cart');
    expect(store.body.totals).toMatchObject({
      currency_code: 'EUR',
      currency_symbol: '€',
      currency_minor_unit: 2,
      currency_decimal_separator: ',',
      currency_thousand_separator: '.',
      currency_prefix: '',
      currency_suffix: '\u00a0€',
    });

    const page = await shopper.client.get('/cart/');
    expect(page.text).toContain(HOODIE_PRICE);
    expect(page.text).not.toContain('$45.00');

    const placed = await placeOrder(
      t.shop.checkoutDeps,
      checkoutForm.parse({ ...completeBillingForm, payment_method: 'cod' }),
      { sessionId: shopper.sessionId, ip: '203.0.113.7', origin: t.url },
    );
    expect(placed.result).toBe('success');
    expect(placed.result === 'success' && placed.order.currency).toBe('EUR');
  });
});

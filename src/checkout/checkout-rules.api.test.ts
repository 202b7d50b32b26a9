import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { messages } from '../platform/messages/index.ts';
import { ShopperClient } from '../testing/browser-like-client.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import { completeBillingForm } from './billing.fixture.ts';

interface CheckoutAnswer {
  result: 'success' | 'failure';
  redirect?: string;
  order_id?: number;
  errors?: string[];
  field_errors?: { field: string; message: string }[];
}

/** The billing address and payment of a checkout, without the terms box. */
const { terms: _terms, ...withoutTerms } = { ...completeBillingForm, payment_method: 'cod' };

/** Issue 9, items 13-16: terms, postcodes, status names and addresses at every door. */
describe.each(databaseKinds)('the checkout’s rules on %s', (kind) => {
  let t: TestShop;

  beforeAll(async () => {
    t = await startTestShop(kind, { pages: true });
  });
  afterAll(() => t.close());

  async function shopper() {
    const client = new ShopperClient(t.url, { 'sec-fetch-site': 'same-origin' });
    const hoodie = (await t.shop.catalog.productBySlug('classic-hoodie'))!;
    await client.postForm('/?wc-ajax=add_to_cart', {
      product_id: String(hoodie.id),
      quantity: '1',
    });
    const page = await client.get('/checkout/');
    const nonce = /name="woocommerce-process-checkout-nonce" value="(\w+)"/.exec(page.text)![1]!;
    return { client, nonce };
  }

  const orderCount = async () =>
    (await t.shop.db.selectFrom('orders').select('id').execute()).length;

  /** Posts a checkout through the ajax door and through the no-JavaScript page. */
  async function placeBothWays(form: Record<string, string>) {
    const ajax = await shopper();
    const answer = await ajax.client.postForm<CheckoutAnswer>('/?wc-ajax=checkout', {
      ...form,
      'woocommerce-process-checkout-nonce': ajax.nonce,
    });
    const plain = await shopper();
    const page = await plain.client.postForm('/checkout/', {
      ...form,
      'woocommerce-process-checkout-nonce': plain.nonce,
    });
    return { answer, page };
  }

  describe('terms (item 14)', () => {
    it('refuses a checkout without the terms ticked at both doors, with WooCommerce’s text, and creates no order', async () => {
      const before = await orderCount();
      for (const form of [withoutTerms, { ...withoutTerms, 'terms-field': '1' }]) {
        const { answer, page } = await placeBothWays(form);
        expect(answer.body).toMatchObject({ result: 'failure', errors: [messages.termsRequired] });
        expect(page.status).toBe(200);
        expect(page.text).toContain(messages.termsRequired);
      }
      expect(await orderCount()).toBe(before);
    });

    it('places the order once the terms are ticked', async () => {
      const { answer, page } = await placeBothWays({ ...withoutTerms, terms: 'on' });
      expect(answer.body.result).toBe('success');
      expect(page.status).toBe(303);
    });
  });

  describe('postcodes (item 13)', () => {
    const cases: [string, Record<string, string>][] = [
      ['GB', { billing_postcode: '!!!' }],
      ['US', { billing_country: 'US', billing_state: 'NY', billing_postcode: 'hello' }],
    ];
    for (const [country, fields] of cases) {
      it(`refuses a ${country} postcode that is not one, as a field error, and creates no order`, async () => {
        const before = await orderCount();
        const { answer, page } = await placeBothWays({ ...completeBillingForm, ...fields });
        const text = 'Billing Postcode / ZIP is not a valid postcode / ZIP.';
        expect(answer.body).toMatchObject({
          result: 'failure',
          errors: [text],
          field_errors: [{ field: 'billing_postcode', message: text }],
        });
        expect(page.status).toBe(200);
        expect(page.text).toContain(text);
        expect(page.text).toMatch(/id="billing_postcode"[^>]*aria-invalid="true"/);
        expect(await orderCount()).toBe(before);
      });
    }

    it('checks the shipping address’s postcode by its own country', async () => {
      const { answer } = await placeBothWays({
        ...completeBillingForm,
        ship_to_different_address: '1',
        shipping_first_name: 'Grace',
        shipping_last_name: 'Hopper',
        shipping_country: 'DE',
        shipping_address_1: 'Unter den Linden 1',
        shipping_city: 'Berlin',
        shipping_postcode: 'SW1Y 4JH',
      });
      expect(answer.body.field_errors).toEqual([
        {
          field: 'shipping_postcode',
          message: 'Shipping Postcode / ZIP is not a valid postcode / ZIP.',
        },
      ]);
    });

    it('keeps a valid postcode in WooCommerce’s format, however it was typed', async () => {
      const { answer } = await placeBothWays({
        ...completeBillingForm,
        billing_postcode: 'sw1y4jh',
        payment_method: 'cod',
      });
      expect(answer.body.result).toBe('success');
      const order = await t.shop.orders.find(answer.body.order_id!);
      expect(order!.billing.postcode).toBe('SW1Y 4JH');
      expect(order!.shippingAddress).toMatchObject({ postcode: 'SW1Y 4JH' });
    });
  });

  describe('the order-received page (items 15 and 16)', () => {
    async function placeUsOrder() {
      const { client, nonce } = await shopper();
      const answer = await client.postForm<CheckoutAnswer>('/?wc-ajax=checkout', {
        ...completeBillingForm,
        billing_country: 'US',
        billing_state: 'CA',
        billing_city: 'San Francisco',
        billing_postcode: '94103',
        payment_method: 'cod',
        'woocommerce-process-checkout-nonce': nonce,
      });
      expect(answer.body.result).toBe('success');
      return (await client.get(answer.body.redirect!)).text;
    }

    it('names a cash-on-delivery order’s status as WooCommerce does, never “Paid”', async () => {
      const page = await placeUsOrder();
      expect(page).toMatch(/class="order-status status-processing">Processing</);
      expect(page).not.toContain('Paid');
    });

    it('prints a US address in the US format, with its state and the country’s name', async () => {
      const page = await placeUsOrder();
      const address = /<address>([\s\S]*?)<\/address>/.exec(page)![1]!;
      const lines = address.split(/<br\/?>/).map((line) => line.replace(/<[^>]+>/g, ''));
      expect(lines).toEqual([
        'Ada Lovelace',
        '12 St James Square',
        'San Francisco, CA 94103',
        'United States (US)',
      ]);
    });
  });

  describe('the cart’s shipping calculator (item 16)', () => {
    async function calculate(fields: Record<string, string>) {
      const { client } = await shopper();
      const cart = await client.get('/cart/');
      const nonce = /name="_wpnonce" value="(\w+)"/.exec(cart.text)![1]!;
      const posted = await client.postForm('/cart/', {
        _wpnonce: nonce,
        calc_shipping: 'x',
        ...fields,
      });
      return { client, posted };
    }

    it('offers the US states as a select, as the checkout does', async () => {
      const { client } = await shopper();
      const cart = await client.get('/cart/');
      expect(cart.text).toMatch(/<select[^>]*id="calc_shipping_state"/);
      expect(cart.text).toContain('<option value="CA">California</option>');
    });

    it('refuses a postcode that is not the country’s and keeps a valid one in its format', async () => {
      const bad = await calculate({ calc_shipping_country: 'US', calc_shipping_postcode: 'hello' });
      expect(bad.posted.status).toBe(200);
      expect(bad.posted.text).toContain(messages.invalidShippingPostcode);
      const good = await calculate({
        calc_shipping_country: 'GB',
        calc_shipping_postcode: 'sw1y4jh',
      });
      expect(good.posted.status).toBe(303);
      const store = await good.client.get<{
        shipping_rates: { destination: { postcode: string } }[];
      }>('/wc/store/v1/cart');
      expect(store.body.shipping_rates[0]!.destination.postcode).toBe('SW1Y 4JH');
    });
  });
});

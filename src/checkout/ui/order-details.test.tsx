import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MoneyFormatContext } from '../../ui/money.tsx';
import {
  OrderAddresses,
  OrderDetails,
  orderAddresses,
  type OrderDetailsData,
} from './order-details.tsx';

const order: OrderDetailsData = {
  currency: 'EUR',
  lines: [{ name: 'Classic Hoodie', quantity: 2, total: 9000 }],
  subtotal: 9000,
  discountTotal: 900,
  shippingMethod: 'Flat rate',
  shippingTotal: 500,
  taxTotal: 0,
  total: 8600,
  customerNote: '',
};

/** The table as a German shop selling in dollars renders an order placed in euros. */
function render(
  props: { heading: 'h2' | 'h3'; paymentMethod?: string },
  details: OrderDetailsData = order,
): string {
  return renderToStaticMarkup(
    <MoneyFormatContext.Provider value={{ currency: 'USD', locale: 'de-DE' }}>
      <OrderDetails order={details} {...props} />
    </MoneyFormatContext.Provider>,
  );
}

const cells = (html: string) =>
  [...html.matchAll(/<tr><th scope="row">([^<]*)<\/th><td>([^<]*)<\/td><\/tr>/g)].map(
    ([, label, value]) => [label, value],
  );

describe('an order’s details', () => {
  it('writes its amounts in the currency it was placed in and the shop’s language', () => {
    const html = render({ heading: 'h2' });
    expect(html).toContain('Classic Hoodie <strong>× 2</strong></td><td>90,00\u00a0€</td>');
    expect(cells(html)).toEqual([
      ['Subtotal', '90,00\u00a0€'],
      ['Discount', '-9,00\u00a0€'],
      ['Shipping', '5,00\u00a0€ via Flat rate'],
      ['Total', '86,00\u00a0€'],
    ]);
    expect(html).not.toContain('$');
  });

  it('names the payment method when asked (my account), under the heading level given', () => {
    const html = render({ heading: 'h3', paymentMethod: 'Cash on delivery' });
    expect(html).toContain('<h3 id="order-details-heading">Order details</h3>');
    expect(cells(html).at(-2)).toEqual(['Payment method', 'Cash on delivery']);
    expect(render({ heading: 'h2' })).not.toContain('Payment method');
  });

  it('ends with the customer’s note, when they wrote one', () => {
    const noted = render({ heading: 'h2' }, { ...order, customerNote: 'Please knock twice.' });
    expect(cells(noted).at(-1)).toEqual(['Note', 'Please knock twice.']);
    expect(cells(render({ heading: 'h2' })).map(([label]) => label)).not.toContain('Note');
  });
});

describe('an order’s addresses', () => {
  const billing = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    company: '',
    address_1: '12 Main Street',
    address_2: '',
    city: 'Springfield',
    state: 'IL',
    postcode: '62701',
    country: 'US',
    email: 'ada@example.com',
    phone: '+1 217 555 0100',
  };
  const shipping = {
    first_name: 'Charles',
    last_name: 'Babbage',
    company: '',
    address_1: '1 Dorset Street',
    address_2: '',
    city: 'London',
    state: '',
    postcode: 'W1U 4EG',
    country: 'GB',
  };
  const addresses = (shippingAddress: Record<string, string> | null) =>
    renderToStaticMarkup(
      <OrderAddresses addresses={orderAddresses({ billing, shippingAddress })} heading="h2" />,
    );

  it('shows the billing address with phone and e-mail, and the shipping address it ships to', () => {
    const html = addresses(shipping);
    expect(html).toContain('<h2 id="billing-address-heading">Billing address</h2>');
    expect(html).toContain('Springfield, IL 62701<br/>United States (US)</address>');
    expect(html).toContain('<p class="woocommerce-customer-details--phone">+1 217 555 0100</p>');
    expect(html).toContain('<p class="woocommerce-customer-details--email">ada@example.com</p>');
    expect(html).toContain('<h2 id="shipping-address-heading">Shipping address</h2>');
    expect(html).toContain(
      'Charles Babbage<br/>1 Dorset Street<br/>London<br/>W1U 4EG<br/>United Kingdom (UK)',
    );
  });

  it('has no shipping address when nothing in the order ships', () => {
    expect(addresses(null)).not.toContain('Shipping address');
  });
});

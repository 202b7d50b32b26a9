import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MoneyFormatContext } from '../../ui/money.tsx';
import { OrderDetails, type OrderDetailsData } from './order-details.tsx';

const order: OrderDetailsData = {
  currency: 'EUR',
  lines: [{ name: 'Classic Hoodie', quantity: 2, total: 9000 }],
  subtotal: 9000,
  discountTotal: 900,
  shippingMethod: 'Flat rate',
  shippingTotal: 500,
  taxTotal: 0,
  total: 8600,
};

/** The table as a German shop selling in dollars renders an order placed in euros. */
function render(props: { heading: 'h2' | 'h3'; paymentMethod?: string }): string {
  return renderToStaticMarkup(
    <MoneyFormatContext.Provider value={{ currency: 'USD', locale: 'de-DE' }}>
      <OrderDetails order={order} {...props} />
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
});

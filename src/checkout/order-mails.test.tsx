import { describe, expect, it } from 'vitest';
import type { Order } from './order.ts';
import { orderStatusMails } from './order-mails.tsx';

const settings = { shopEmail: 'orders@shop.test' };
/** A body with its line breaks (the text's word wrap) read as spaces. */
const flat = (body: string) => body.replace(/\s+/g, ' ');

function order(overrides: Partial<Order> = {}): Order {
  const billing = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    company: '',
    country: 'GB',
    address_1: '12 St James Square',
    address_2: '',
    city: 'London',
    state: '',
    postcode: 'SW1Y 4JH',
    phone: '+44 20 7946 0958',
    email: 'ada@example.com',
  };
  return {
    id: 1042,
    key: 'wc_order_abc',
    status: 'processing',
    currency: 'USD',
    billing,
    shippingAddress: {
      ...billing,
      address_1: '1 Harbour Road',
      city: 'Bristol',
      postcode: 'BS1 5TY',
    },
    shippingMethod: { id: 'flat_rate:2', title: 'Flat rate' },
    paymentMethod: 'cod',
    paymentMethodTitle: 'Cash on delivery',
    customerNote: 'Leave it with the neighbour',
    lines: [
      {
        productId: 1,
        name: 'Classic Hoodie',
        sku: 'H1',
        quantity: 2,
        unitPrice: 4500,
        subtotal: 9000,
        total: 9000,
      },
      {
        productId: 2,
        name: 'Canvas Tote',
        sku: 'T1',
        quantity: 1,
        unitPrice: 1800,
        subtotal: 1800,
        total: 1800,
      },
    ],
    subtotal: 10800,
    discountTotal: 1080,
    shippingTotal: 1000,
    taxTotal: 2144,
    total: 12864,
    coupons: ['SAVE10'],
    transactionId: null,
    paymentIntentId: null,
    voucher: null,
    sessionId: null,
    customerId: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    paidAt: null,
    source: { kind: 'checkout' },
    ...overrides,
  };
}

describe('the order mails', () => {
  it('tells the customer and the shop of a processing order, each once per key', async () => {
    const mails = await orderStatusMails(order(), settings);
    expect(mails.map((m) => [m.key, m.to, m.subject])).toEqual([
      [
        'order:1042:customer-processing',
        'ada@example.com',
        'Your Hearth & Thread order has been received!',
      ],
      ['order:1042:new', 'orders@shop.test', '[Hearth & Thread]: New order #1042'],
    ]);
    expect(mails[1]!.replyTo).toBe('ada@example.com');
  });

  it('shows the customer the items, totals, payment method, note and both addresses, in HTML and text', async () => {
    const [customer] = await orderStatusMails(order(), settings);
    const { html, text } = customer!;
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
    for (const body of [html, text].map(flat)) {
      expect(body).toContain('Hi Ada,');
      expect(body).toContain('we’ve received your order #1042, and it is now being processed');
      expect(body).toContain('Pay with cash upon delivery.');
      expect(body).toContain('Order #1042 (November 25, 2026)');
      expect(body).toContain('Classic Hoodie');
      expect(body).toContain('$90.00');
      expect(body).toContain('-$10.80');
      expect(body).toContain('$10.00 via Flat rate');
      expect(body).toContain('$21.44');
      expect(body).toContain('$128.64');
      expect(body).toContain('Cash on delivery');
      expect(body).toContain('Leave it with the neighbour');
      expect(body).toContain('12 St James Square');
      expect(body).toContain('1 Harbour Road');
      expect(body).toContain('United Kingdom (UK)');
    }
    // The plain text keeps the table's rows readable: the product, its quantity and price on one line.
    expect(text).toMatch(/Classic Hoodie\s+2\s+\$90\.00/);
    expect(text).not.toContain('<');
  });

  it('gives an on-hold voucher order its voucher: number, due date and link', async () => {
    const voucher = {
      type: 'boleto',
      number: '23790.12345 60000.000003 00000.000000 1 84340000012864',
      expiresAt: '2026-11-28T23:59:59.000Z',
      url: 'https://vouchers.example/boleto/1042',
    };
    const [customer, shop] = await orderStatusMails(
      order({
        status: 'on-hold',
        paymentMethod: 'stripe_boleto',
        paymentMethodTitle: 'Boleto',
        voucher,
      }),
      settings,
    );
    expect(customer!.key).toBe('order:1042:customer-on-hold');
    expect(shop!.key).toBe('order:1042:new');
    for (const body of [customer!.html, customer!.text].map(flat)) {
      expect(body).toContain('It’s on-hold until we confirm that payment has been received');
      expect(body).toContain('Pay your voucher');
      expect(body).toContain(voucher.number);
      expect(body).toContain('November 28, 2026');
      expect(body).toContain(voucher.url);
      expect(body).not.toContain('Pay with cash upon delivery.');
    }
  });

  it('tells the shop, and only the shop, of a failed order', async () => {
    const mails = await orderStatusMails(
      order({ status: 'failed', paymentMethod: 'stripe' }),
      settings,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      key: 'order:1042:failed',
      to: 'orders@shop.test',
      subject: '[Hearth & Thread]: Order #1042 has failed',
    });
    expect(flat(mails[0]!.text)).toContain('Payment for order #1042 from Ada Lovelace has failed.');
  });

  it('sends nothing for a pending or cancelled order, and no customer mail without an address', async () => {
    expect(await orderStatusMails(order({ status: 'pending' }), settings)).toEqual([]);
    expect(await orderStatusMails(order({ status: 'cancelled' }), settings)).toEqual([]);
    const noEmail = order();
    noEmail.billing = { ...noEmail.billing, email: '' };
    expect((await orderStatusMails(noEmail, settings)).map((m) => m.key)).toEqual([
      'order:1042:new',
    ]);
  });

  it('escapes what the shopper typed in the HTML', async () => {
    const [customer] = await orderStatusMails(
      order({ customerNote: '<img src=x onerror=alert(1)>' }),
      settings,
    );
    expect(customer!.html).not.toContain('<img src=x');
    expect(customer!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

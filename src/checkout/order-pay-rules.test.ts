import { describe, expect, it } from 'vitest';
import { messages } from '../platform/messages/index.ts';
import { choosePayment as chooseFrom } from './operations.ts';
import {
  defaultMethodFor,
  needsPayment,
  orderIdParam,
  payStanding,
  standingNotice,
} from './order-pay-rules.ts';
import type { OrderStatus } from './order.ts';
import { orderPayForm } from './schemas.ts';

/** The order-pay form, through its schema, to the payment choice. */
const choosePayment = (form: Record<string, string>, order: Parameters<typeof chooseFrom>[1]) =>
  chooseFrom(orderPayForm.parse(form).payment, order);

const billing = (country: string) => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: '',
  country,
  address_1: '1 Street',
  address_2: '',
  city: 'Town',
  state: '',
  postcode: '1000',
  phone: '',
  email: 'ada@example.com',
});

describe('which orders the order-pay page takes payment for', () => {
  it('pays pending and failed orders only (WooCommerce needs_payment)', () => {
    expect(payStanding('pending')).toBe('payable');
    expect(payStanding('failed')).toBe('payable');
    expect(payStanding('processing')).toBe('paid');
    expect(payStanding('completed')).toBe('paid');
    expect(payStanding('on-hold')).toBe('awaiting');
    expect(payStanding('cancelled')).toBe('cancelled');
  });

  it('says why the others cannot be paid', () => {
    const paidAt = '2026-11-25T12:00:00.000Z';
    expect(standingNotice({ status: 'processing', paidAt })).toBe(messages.orderPayAlreadyPaid);
    expect(standingNotice({ status: 'on-hold', paidAt: null })).toBe(
      messages.orderPayAwaitingPayment,
    );
    expect(standingNotice({ status: 'cancelled', paidAt: null })).toBe(
      'This order’s status is “Cancelled”—it cannot be paid for.',
    );
  });

  it('never tells an unpaid order it was paid: cash on delivery is Processing until delivered', () => {
    expect(standingNotice({ status: 'processing', paidAt: null })).toBe(
      'This order’s status is “Processing”—it cannot be paid for.',
    );
    expect(standingNotice({ status: 'completed', paidAt: null })).toBe(
      'This order’s status is “Completed”—it cannot be paid for.',
    );
  });

  it('reads an order id only as a positive whole number', () => {
    expect(orderIdParam('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-1', '4.2', '1e3', 'abc', '0x10', '9'.repeat(20)])
      expect(orderIdParam(bad)).toBeNull();
  });
});

describe('the method chosen on the order-pay page', () => {
  it('preselects the order’s own method while its billing country still has it', () => {
    expect(defaultMethodFor({ paymentMethod: 'stripe_ideal', billing: billing('NL') })).toBe(
      'stripe_ideal',
    );
    expect(defaultMethodFor({ paymentMethod: 'stripe_ideal', billing: billing('GB') })).toBe(
      'stripe',
    );
  });

  it('checks the method against the billing country and asks for JavaScript for a card', () => {
    const order = { total: 5000, billing: billing('GB') };
    expect(choosePayment({ payment_method: 'stripe_ideal' }, order)).toBe(messages.noPaymentMethod);
    expect(choosePayment({}, order)).toBe(messages.noPaymentMethod);
    expect(choosePayment({ payment_method: 'stripe' }, order)).toBe(messages.cardPaymentNeedsJs);
    expect(
      choosePayment({ payment_method: 'stripe', 'wc-stripe-payment-method': 'pm_123' }, order),
    ).toMatchObject({ method: { id: 'stripe' }, paymentMethodId: 'pm_123' });
    expect(choosePayment({ payment_method: 'cod' }, order)).toMatchObject({
      method: { id: 'cod' },
    });
  });

  it('takes an order of nothing as cash on delivery, whatever was posted', () => {
    expect(
      choosePayment({ payment_method: 'stripe' }, { total: 0, billing: billing('GB') }),
    ).toMatchObject({ method: { id: 'cod' }, paymentMethodId: '' });
  });
});

describe('orders in my-account', () => {
  it('offers to pay only pending and failed orders', () => {
    expect(
      (
        ['pending', 'failed', 'processing', 'on-hold', 'completed', 'cancelled'] as OrderStatus[]
      ).filter(needsPayment),
    ).toEqual(['pending', 'failed']);
  });
});

import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { VoucherDetails } from './order-payment.ts';
import {
  settlePayment,
  settleReturn,
  settlesOrder,
  settleWebhook,
  type OrderLedger,
  type SettlingOrder,
} from './settlement.ts';

const stripe = new Stripe('sk_test_unused', { telemetry: false });
const secret = 'whsec_settlement_test';

/** A ledger over plain data: what checkout's orders do, as payments sees them. */
function memoryLedger(order: SettlingOrder) {
  const marks: string[] = [];
  const ledger: OrderLedger = {
    find: async (id) => (id === order.id ? { ...order } : undefined),
    findByPaymentIntent: async (intentId) =>
      intentId === order.paymentIntentId ? { ...order } : undefined,
    markPaid: async (id, transactionId) => {
      marks.push(`paid ${id} ${transactionId}`);
      order.status = 'processing';
    },
    markOnHold: async (id, voucher: VoucherDetails | null) => {
      marks.push(`on-hold ${id} ${voucher?.number ?? ''}`);
      order.status = 'on-hold';
    },
    markFailed: async (id) => {
      marks.push(`failed ${id}`);
      order.status = 'failed';
    },
  };
  return { ledger, marks };
}

const pending = (): SettlingOrder => ({
  id: 7,
  key: 'wc_order_k',
  total: 1200,
  status: 'pending',
  paymentIntentId: 'pi_7',
});

describe('settlement through the ledger payments defines', () => {
  it('marks the order as its payment stands and answers the order read again', async () => {
    const { ledger, marks } = memoryLedger(pending());
    const paid = await settlePayment(ledger, pending(), { kind: 'paid', intentId: 'pi_7' });
    expect(paid.status).toBe('processing');
    const voucher = { type: 'boleto', number: '123', expiresAt: null, url: null };
    await settlePayment(ledger, pending(), { kind: 'on-hold', intentId: 'pi_7', voucher });
    await settlePayment(ledger, pending(), {
      kind: 'failed',
      intentId: 'pi_7',
      code: 'card_declined',
      message: 'declined',
    });
    expect(marks).toEqual(['paid 7 pi_7', 'on-hold 7 123', 'failed 7']);
  });

  it('leaves an order waiting for the shopper alone', async () => {
    const { ledger, marks } = memoryLedger(pending());
    const order = pending();
    const same = await settlePayment(ledger, order, {
      kind: 'authenticate',
      intentId: 'pi_7',
      clientSecret: 'pi_7_secret',
    });
    expect(same).toBe(order);
    expect(marks).toEqual([]);
  });

  it('settles a return only for the order’s own intent', async () => {
    const { ledger, marks } = memoryLedger(pending());
    expect(await settleReturn(ledger, stripe, pending(), 'pi_someone_else')).toBeUndefined();
    expect(marks).toEqual([]);
  });
});

describe('which of an order’s intents settle it', () => {
  const paid = { kind: 'paid', intentId: 'pi_old' } as const;
  const failed = {
    kind: 'failed',
    intentId: 'pi_old',
    code: 'card_declined',
    message: '',
  } as const;
  const onHold = { kind: 'on-hold', intentId: 'pi_old', voucher: null } as const;

  it('money taken pays the order, whichever of its intents took it', () => {
    expect(settlesOrder({ paymentIntentId: 'pi_new' }, 'pi_old', paid)).toBe(true);
    expect(settlesOrder({ paymentIntentId: null }, 'pi_old', paid)).toBe(true);
  });

  it('a failure or a payment on its way counts only from the intent the order names now', () => {
    expect(settlesOrder({ paymentIntentId: 'pi_old' }, 'pi_old', failed)).toBe(true);
    expect(settlesOrder({ paymentIntentId: 'pi_new' }, 'pi_old', failed)).toBe(false);
    expect(settlesOrder({ paymentIntentId: null }, 'pi_old', failed)).toBe(false);
    expect(settlesOrder({ paymentIntentId: 'pi_new' }, 'pi_old', onHold)).toBe(false);
  });
});

describe('a webhook', () => {
  const recorded = new Set<string>();
  const deps = {
    ledger: memoryLedger(pending()).ledger,
    stripe,
    webhookSecret: secret,
    recordEvent: async (event: Stripe.Event) => {
      if (recorded.has(event.id)) return false;
      recorded.add(event.id);
      return true;
    },
  };
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'customer.created' });

  it('with a wrong signature is refused', async () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(await settleWebhook(deps, payload, header)).toEqual({ kind: 'invalid' });
    expect(recorded.size).toBe(0);
  });

  it('is handled once: a redelivery is a duplicate', async () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(await settleWebhook(deps, payload, header)).toEqual({
      kind: 'received',
      duplicate: false,
    });
    expect(await settleWebhook(deps, payload, header)).toEqual({
      kind: 'received',
      duplicate: true,
    });
  });
});

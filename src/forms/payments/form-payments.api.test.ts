import { randomUUID } from 'node:crypto';
import { createTestPaymentMethod } from '@shop/test-processor/testing';
import type { TestProcessorTables } from '@shop/test-processor';
import { TEST_WEBHOOK_SECRET } from '@shop/test-processor/keys';
import { WEBHOOK_PATH } from '../../payments/payment.routes.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../platform/db/testing/test-database.ts';
import { messages } from '../../platform/messages/index.ts';
import { startTestShop, type TestShop } from '../../testing/test-shop.ts';
import { formToken } from '../anti-spam.ts';
import { formsRepo } from '../forms.repo.ts';
import type { SubmitAnswer } from '../submit-answer.ts';

/**
 * Paying through the demo `order` form (CONTRACT §3) over its real calls, on both databases:
 * what is charged is the server's own sum, once per submission, and a paid entry is an order of
 * the shop with its mails.
 */
const CARD = '4242424242424242';
const DECLINED = '4000000000000002';
const CHALLENGE = '4000002500003155';
const m = messages.formPayments;

const f = (id: string) => `wpforms[fields][${id}]`;
const q = (id: string) => `wpforms[quantities][${id}]`;
/** The order form's card and total fields (src/forms/demo-forms/order.json). */
const CARD_FIELD = f('19');

describe.each(databaseKinds)('paying through a form on %s', (kind) => {
  let t: TestShop;
  beforeAll(async () => {
    t = await startTestShop(kind);
  });
  afterAll(() => t.close());
  afterEach(() => t.shop.db.deleteFrom('rate_limits').execute());

  const now = () => Math.floor(Date.now() / 1000);

  /**
   * The order form filled in: a hoodie (45.00) twice, gift wrap (3.00), standard shipping (5.00):
   * 98.00. `overrides` change fields; a null removes one.
   */
  function orderFields(overrides: Record<string, string | null> = {}): Record<string, string> {
    const fields: Record<string, string | null> = {
      'wpforms[id]': 'order',
      [f('1')]: 'Ada Lovelace',
      [f('2')]: 'ada@example.com',
      [f('4')]: 'ship',
      [f('5')]: 'classic-hoodie',
      [q('5')]: '2',
      [`${f('9')}[]`]: 'gift-wrap',
      [f('14')]: 'standard',
      [q('14')]: '1',
      [`${f('7')}[address1]`]: '12 St James Square',
      [`${f('7')}[city]`]: 'London',
      [`${f('7')}[state]`]: 'London',
      [`${f('7')}[postal]`]: 'SW1Y 4JH',
      [`${f('7')}[country]`]: 'GB',
      [f('18')]: '9800',
      [f('22')]: '9800',
      'wpforms[submission_id]': randomUUID(),
      'wpforms[hp]': '',
      'wpforms[token]': formToken(t.shop.secret, 'order', now()),
      start_timestamp: String(now() - 60),
      end_timestamp: String(now()),
      page_url: `${t.url}/forms/order/`,
      ...overrides,
    };
    return Object.fromEntries(
      Object.entries(fields).filter((e): e is [string, string] => e[1] !== null),
    );
  }

  async function post<T = SubmitAnswer>(action: string, fields: Record<string, string>) {
    const body = new FormData();
    body.set('action', action);
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const response = await fetch(`${t.url}/admin-ajax`, {
      method: 'POST',
      body,
      headers: { origin: 'https://host.example' },
    });
    return { status: response.status, body: (await response.json()) as T };
  }

  const submit = (fields: Record<string, string>) => post('wpforms_submit', fields);

  async function card(number: string): Promise<string> {
    const method = await createTestPaymentMethod(t.url, number);
    expect(method.id).toMatch(/^pm_/);
    return method.id!;
  }

  async function entryOf(submission: string) {
    return t.shop.db
      .selectFrom('form_entries')
      .selectAll()
      .where('form_id', '=', 'order')
      .where('submission_key', '=', submission)
      .execute();
  }

  async function ordersOf(entryId: number) {
    return t.shop.db
      .selectFrom('orders')
      .selectAll()
      .where('source', '=', 'form')
      .where('source_ref', '=', String(entryId))
      .orderBy('id')
      .execute();
  }

  /** The processor's intents for the orders of an entry: all of them, and those that took money. */
  async function chargesOf(entryId: number) {
    const orderIds = new Set((await ordersOf(entryId)).map((o) => String(o.id)));
    const rows = await t.shop.db
      .withTables<TestProcessorTables>()
      .selectFrom('tp_payment_intents')
      .select(['status', 'metadata_json', 'amount'])
      .execute();
    const mine = rows.filter((row) =>
      orderIds.has((JSON.parse(row.metadata_json) as { order_id?: string }).order_id ?? ''),
    );
    return {
      intents: mine.length,
      charged: mine.filter((row) => row.status === 'succeeded').map((row) => row.amount),
    };
  }

  async function mailsLike(pattern: string) {
    const rows = await t.shop.db
      .selectFrom('mail_queue')
      .select(['mail_key', 'to_address'])
      .where('mail_key', 'like', pattern)
      .execute();
    return rows.map((row) => `${row.mail_key} -> ${row.to_address}`).sort();
  }

  /** A `payment_intent.succeeded` event as the processor signs it. */
  async function signedEvent(id: string, intentId: string) {
    const intent = await t.shop.payments.stripe.paymentIntents.retrieve(intentId);
    const payload = JSON.stringify({
      id,
      object: 'event',
      type: 'payment_intent.succeeded',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: intent },
    });
    const signature = t.shop.payments.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: TEST_WEBHOOK_SECRET,
    });
    return { payload, signature };
  }

  async function intentCount(): Promise<number> {
    const rows = await t.shop.db
      .withTables<TestProcessorTables>()
      .selectFrom('tp_payment_intents')
      .select('id')
      .execute();
    return rows.length;
  }

  it('charges what the definition and the choices come to; the paid entry is an order of the shop, with its mails', async () => {
    const fields = orderFields({ 'wpforms[payment_method_id]': await card(CARD) });
    const { status, body } = await submit(fields);
    expect(status).toBe(200);
    expect(body.success, JSON.stringify(body)).toBe(true);
    expect(body.data.confirmation).toContain('Thank you for your order');

    const [entry] = await entryOf(fields['wpforms[submission_id]']!);
    expect(entry).toMatchObject({ status: 'completed', notification_status: 'queued' });
    const [order] = await ordersOf(entry!.id);
    expect(order).toMatchObject({
      status: 'processing',
      source: 'form',
      total: 9800,
      subtotal: 9800,
      payment_method: 'stripe',
      currency: 'USD',
    });
    expect(entry!.order_id).toBe(order!.id);
    expect(JSON.parse(order!.billing_json)).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      city: 'London',
      country: 'GB',
    });
    const lines = await t.shop.db
      .selectFrom('order_items')
      .select(['product_id', 'name', 'quantity', 'unit_price', 'total'])
      .where('order_id', '=', order!.id)
      .orderBy('id')
      .execute();
    expect(lines).toEqual([
      {
        product_id: null,
        name: 'Piece - Classic Hoodie',
        quantity: 2,
        unit_price: 4500,
        total: 9000,
      },
      { product_id: null, name: 'Extras - Gift wrap', quantity: 1, unit_price: 300, total: 300 },
      { product_id: null, name: 'Shipping - Standard', quantity: 1, unit_price: 500, total: 500 },
    ]);
    expect(await chargesOf(entry!.id)).toEqual({ intents: 1, charged: [9800] });
    // The customer's order mail, the shop's new-order mail and the form's own notification.
    expect(await mailsLike(`order:${order!.id}:%`)).toEqual([
      `order:${order!.id}:customer-processing -> ada@example.com`,
      `order:${order!.id}:new -> ${t.shop.config.mail.shopEmail}`,
    ]);
    expect(await mailsLike(`form-entry:${entry!.id}:%`)).toHaveLength(1);
  });

  it.each<[string, Record<string, string | null>, Record<string, string>, string]>([
    [
      'a total lower than the items come to',
      { [f('22')]: '100', [f('18')]: '100' },
      {},
      m.totalChanged,
    ],
    [
      'a price sent for a hidden item, and a total to match it',
      { [f('15')]: '1', [f('22')]: '9801' },
      {},
      m.totalChanged,
    ],
    [
      'a tip below its minimum price',
      { [f('16')]: '0.50' },
      { [f('16')]: messages.forms.val_minimum_price },
      '',
    ],
    ['a negative tip', { [f('16')]: '-45' }, { [f('16')]: messages.forms.val_number_positive }, ''],
    [
      'a piece nobody sells',
      { [f('5')]: 'gold-crown' },
      { [f('5')]: messages.forms.val_choice },
      '',
    ],
    ['a quantity beyond the most', { [q('5')]: '11' }, { [q('5')]: messages.forms.val_choice }, ''],
    [
      'no card made',
      { 'wpforms[payment_method_id]': null },
      { [CARD_FIELD]: m.paymentDetailsMissing },
      '',
    ],
  ])(
    'refuses %s in a raw post, charging nothing',
    async (_name, overrides, fieldErrors, footer) => {
      const before = await intentCount();
      const fields = orderFields({
        'wpforms[payment_method_id]': await card(CARD),
        ...overrides,
      });
      const { status, body } = await submit(fields);
      expect(status).toBe(200);
      expect(body.success).toBe(false);
      expect(body.data.errors.field).toEqual(fieldErrors);
      expect(body.data.errors.general.footer).toBe(footer);
      expect(await entryOf(fields['wpforms[submission_id]']!)).toEqual([]);
      expect(await intentCount()).toBe(before);
    },
  );

  it('never charges a client total: a shown total of 1.00 for 98.00 of items is refused', async () => {
    const before = await intentCount();
    const { body } = await submit(
      orderFields({
        'wpforms[payment_method_id]': await card(CARD),
        [f('22')]: '100',
        [f('18')]: null,
      }),
    );
    expect(body.data.errors.general.footer).toBe(m.totalChanged);
    expect(await intentCount()).toBe(before);
  });

  it('charges a double submit once: the same submission, sent twice at once and once more', async () => {
    const fields = orderFields({ 'wpforms[payment_method_id]': await card(CARD) });
    const answers = await Promise.all([submit(fields), submit(fields)]);
    const again = await submit(fields);
    const statuses = answers.map((a) => a.body.success);
    expect(statuses, JSON.stringify(answers.map((a) => a.body.data.errors))).toContain(true);
    expect(again.body.success).toBe(true);
    const entries = await entryOf(fields['wpforms[submission_id]']!);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.status).toBe('completed');
    const orders = (await ordersOf(entries[0]!.id)).filter((o) => o.status !== 'cancelled');
    expect(orders).toHaveLength(1);
    expect(await chargesOf(entries[0]!.id)).toMatchObject({ charged: [9800] });
  });

  it('keeps a declined card’s entry unpaid and takes another card for it: one charge, one paid entry, one order', async () => {
    const submission = randomUUID();
    const declined = await submit(
      orderFields({
        'wpforms[submission_id]': submission,
        'wpforms[payment_method_id]': await card(DECLINED),
      }),
    );
    expect(declined.body.success).toBe(false);
    expect(declined.body.data.errors.field).toEqual({
      [CARD_FIELD]: messages.cardErrors.card_declined,
    });
    const [unpaid] = await entryOf(submission);
    expect(unpaid).toMatchObject({ status: 'failed', notification_status: 'awaiting_payment' });
    expect(await mailsLike(`form-entry:${unpaid!.id}:%`)).toEqual([]);

    const paid = await submit(
      orderFields({
        'wpforms[submission_id]': submission,
        'wpforms[payment_method_id]': await card(CARD),
      }),
    );
    expect(paid.body.success, JSON.stringify(paid.body.data.errors)).toBe(true);
    const entries = await entryOf(submission);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: unpaid!.id, status: 'completed' });
    const orders = await ordersOf(unpaid!.id);
    expect(orders.map((o) => o.status)).toEqual(['processing']);
    expect(await chargesOf(unpaid!.id)).toEqual({ intents: 2, charged: [9800] });
    expect(await mailsLike(`form-entry:${unpaid!.id}:%`)).toHaveLength(1);
  });

  it('pays a changed order after a decline with a new order, the old one cancelled', async () => {
    const submission = randomUUID();
    await submit(
      orderFields({
        'wpforms[submission_id]': submission,
        'wpforms[payment_method_id]': await card(DECLINED),
      }),
    );
    const paid = await submit(
      orderFields({
        'wpforms[submission_id]': submission,
        'wpforms[payment_method_id]': await card(CARD),
        [q('5')]: '1',
        [f('18')]: '5300',
        [f('22')]: '5300',
      }),
    );
    expect(paid.body.success, JSON.stringify(paid.body.data.errors)).toBe(true);
    const [entry] = await entryOf(submission);
    const orders = await ordersOf(entry!.id);
    expect(orders.map((o) => [o.status, o.total])).toEqual([
      ['cancelled', 9800],
      ['processing', 5300],
    ]);
    expect(entry!.order_id).toBe(orders[1]!.id);
    expect((await chargesOf(entry!.id)).charged).toEqual([5300]);
  });

  it('asks for the card’s challenge, and a webhook and the return racing give one paid entry', async () => {
    const fields = orderFields({ 'wpforms[payment_method_id]': await card(CHALLENGE) });
    const { body } = await submit(fields);
    expect(body.success).toBe(true);
    expect(body.data.action_required).toBe(true);
    const clientSecret = body.data.payment_intent_client_secret!;
    const entryId = body.data.entry_id!;
    const intentId = clientSecret.split('_secret_')[0]!;
    const [waiting] = await entryOf(fields['wpforms[submission_id]']!);
    expect(waiting).toMatchObject({ id: entryId, status: 'pending' });

    const wrong = await post('wpforms_confirm_payment', {
      form_id: 'order',
      entry_id: String(entryId),
      payment_intent: intentId,
      payment_intent_client_secret: `${intentId}_secret_wrong`,
    });
    expect(wrong.body.success).toBe(false);
    expect(wrong.body.data.errors.general.footer).toBe(m.paymentReturnInvalid);

    const challenge = await fetch(`${t.url}/test-processor/challenge/${intentId}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_secret: clientSecret, outcome: 'complete' }),
    });
    expect(challenge.status).toBe(303);
    // The processor came back to the page the form was on, naming the form and the entry.
    const back = new URL(challenge.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${t.url}/forms/order/`);
    expect(back.searchParams.get('wpforms_form')).toBe('order');
    expect(back.searchParams.get('wpforms_entry')).toBe(String(entryId));

    const confirm = {
      form_id: 'order',
      entry_id: String(entryId),
      payment_intent: intentId,
      payment_intent_client_secret: clientSecret,
    };
    const event = await signedEvent(`evt_form_race_${kind}`, intentId);
    const [webhook, ...answers] = await Promise.all([
      fetch(`${t.url}${WEBHOOK_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.payload,
      }),
      post('wpforms_confirm_payment', confirm),
      post('wpforms_confirm_payment', confirm),
    ]);
    expect(webhook.status).toBe(200);
    for (const answer of answers) {
      expect(answer.body.success).toBe(true);
      expect(answer.body.data.confirmation).toContain('Thank you for your order');
    }
    const [entry] = await entryOf(fields['wpforms[submission_id]']!);
    expect(entry).toMatchObject({ status: 'completed' });
    const [order] = await ordersOf(entryId);
    expect(order).toMatchObject({ status: 'processing', transaction_id: intentId });
    expect(await mailsLike(`form-entry:${entryId}:%`)).toHaveLength(1);
    expect(await mailsLike(`order:${order!.id}:customer-%`)).toHaveLength(1);
    expect(await chargesOf(entryId)).toEqual({ intents: 1, charged: [9800] });
  });

  it('applies the shop’s coupons by the shop’s rules, and charges the discounted total', async () => {
    const apply = (code: string) =>
      post<{ success: boolean; data: { message: string; coupon?: unknown } }>(
        'wpforms_apply_coupon',
        { ...orderFields(), coupon_code: code },
      );
    const save10 = await apply('save10');
    expect(save10.body).toEqual({
      success: true,
      data: {
        message: m.couponApplied,
        coupon: { code: 'SAVE10', discount_type: 'percent', amount: 10, minimum_spend: null },
      },
    });
    expect((await apply('EXPIRED')).body).toEqual({
      success: false,
      data: { message: messages.couponExpired },
    });
    expect((await apply('NOPE')).body.data.message).toBe('Coupon "NOPE" does not exist!');

    const usesBefore = await t.shop.db
      .selectFrom('coupons')
      .select('usage_count')
      .where('code', '=', 'SAVE10')
      .executeTakeFirstOrThrow();
    const fields = orderFields({
      'wpforms[payment_method_id]': await card(CARD),
      [f('17')]: 'SAVE10',
      [f('18')]: '8820',
      [f('22')]: '8820',
    });
    const { body } = await submit(fields);
    expect(body.success, JSON.stringify(body.data.errors)).toBe(true);
    const [entry] = await entryOf(fields['wpforms[submission_id]']!);
    const [order] = await ordersOf(entry!.id);
    expect(order).toMatchObject({ subtotal: 9800, discount_total: 980, total: 8820 });
    expect(JSON.parse(order!.coupons_json)).toEqual(['SAVE10']);
    const usesAfter = await t.shop.db
      .selectFrom('coupons')
      .select('usage_count')
      .where('code', '=', 'SAVE10')
      .executeTakeFirstOrThrow();
    expect(usesAfter.usage_count).toBe(usesBefore.usage_count + 1);

    const expired = await submit(
      orderFields({ 'wpforms[payment_method_id]': await card(CARD), [f('17')]: 'EXPIRED' }),
    );
    expect(expired.body.data.errors.field).toEqual({ [f('17')]: messages.couponExpired });
  });

  it('stores the entries of the form for the owner beside the shop’s orders', async () => {
    const entries = await formsRepo(t.shop.db).entries('order');
    const paid = entries.filter((entry) => entry.status === 'completed');
    expect(paid.length).toBeGreaterThan(0);
    for (const entry of paid) {
      const order = await t.shop.orders.find(entry.orderId!);
      expect(order?.source).toEqual({ kind: 'form', ref: String(entry.id) });
    }
  });
});

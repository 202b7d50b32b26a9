import { createTestPaymentMethod } from '@shop/test-processor/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingOrderOf, shopperWithCart, type Shopper } from '../testing/shopper.fixture.ts';
import { MAIL_LEASE_MS } from '../platform/constants/index.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { mailQueueRepo } from '../platform/mail/mail-queue.repo.ts';
import { startSmtpCatcher, type SmtpCatcher } from '../platform/mail/testing/smtp-catcher.ts';
import type { MailTransport } from '../platform/mail/transport.ts';
import { sharedTestDatabaseUrl, startTestShop, type TestShop } from '../testing/test-shop.ts';
import { completeBillingForm } from './billing.fixture.ts';
import { CHECKOUT_NONCE } from './nonces.ts';
import type { CheckoutAnswer } from './three-d-secure.fixture.ts';

const shopEmail = 'orders@hearth-and-thread.test';
const received = 'Your Hearth & Thread order has been received!';

/** Posts the checkout of the shopper's cart: cash on delivery, or a card by its number. */
async function checkout(t: TestShop, shopper: Shopper, email: string, card?: string) {
  await t.shop.db.deleteFrom('rate_limits').execute();
  const pm = card ? await createTestPaymentMethod(t.url, card) : undefined;
  const answer = await shopper.client.postForm<CheckoutAnswer>('/?wc-ajax=checkout', {
    ...completeBillingForm,
    billing_email: email,
    'terms-field': '1',
    payment_method: pm ? 'stripe' : 'cod',
    ...(pm && { 'wc-stripe-payment-method': pm.id! }),
    'woocommerce-process-checkout-nonce': shopper.nonce(CHECKOUT_NONCE),
  });
  return answer.body;
}

const orderIdOf = (answer: CheckoutAnswer) =>
  Number(/order-received\/(\d+)\//.exec(answer.redirect ?? '')![1]);

describe.each(databaseKinds)('order mails on %s', (kind) => {
  let smtp: SmtpCatcher;
  let databaseUrl: string;
  const shops: TestShop[] = [];
  let offset = 0;
  const env = () => ({
    SMTP_URL: smtp.url,
    MAIL_FROM: '"Hearth & Thread" <shop@hearth-and-thread.test>',
    SHOP_EMAIL: shopEmail,
  });
  /** One more app server on the shared database. */
  async function appServer(options: { mailTransport?: MailTransport } = {}): Promise<TestShop> {
    const t = await startTestShop(kind, {
      databaseUrl,
      env: env(),
      clock: () => new Date(Date.now() + offset),
      ...options,
    });
    shops.push(t);
    return t;
  }
  const mailsTo = (to: string, subject?: string) =>
    smtp.mails.filter((m) => m.to.includes(to) && (subject === undefined || m.subject === subject));
  const shopMailsOf = (orderId: number) =>
    smtp.mails.filter((m) => m.to.includes(shopEmail) && m.subject.includes(`#${orderId}`));

  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    databaseUrl = await sharedTestDatabaseUrl(kind);
    await appServer();
  });
  afterAll(async () => {
    for (const t of shops.reverse()) await t.close();
    await smtp.close();
  });

  it('a cash-on-delivery order mails the customer and the shop, each once', async () => {
    const t = shops[0]!;
    const email = `cod-${kind}@example.com`;
    const answer = await checkout(t, await shopperWithCart(t), email);
    expect(answer.result, JSON.stringify(answer)).toBe('success');
    const orderId = orderIdOf(answer);
    const customer = await smtp.waitFor((m) => m.to.includes(email));
    expect(customer.subject).toBe(received);
    expect(customer.text).toContain(`order #${orderId}`);
    expect(customer.text).toContain('Classic Hoodie');
    expect(customer.text).toContain('Pay with cash upon delivery.');
    const shop = await smtp.waitFor(
      (m) => m.subject === `[Hearth & Thread]: New order #${orderId}`,
    );
    expect(shop.to).toEqual([shopEmail]);
    expect(shop.text).toContain('You’ve received the following order from Ada Lovelace');
    await t.shop.mail.idle();
    expect(mailsTo(email)).toHaveLength(1);
    expect(shopMailsOf(orderId)).toHaveLength(1);
  });

  it('a card paid with 4242 mails both; a declined card mails the shop its failed order', async () => {
    const t = shops[0]!;
    const paid = `card-${kind}@example.com`;
    const answer = await checkout(t, await shopperWithCart(t), paid, '4242424242424242');
    expect(answer.result, JSON.stringify(answer)).toBe('success');
    await smtp.waitFor((m) => m.to.includes(paid) && m.subject === received);
    await smtp.waitFor((m) => m.subject === `[Hearth & Thread]: New order #${orderIdOf(answer)}`);

    const declined = `declined-${kind}@example.com`;
    const refused = await checkout(t, await shopperWithCart(t), declined, '4000000000000002');
    expect(refused.result).toBe('failure');
    const failedMail = await smtp.waitFor(
      (m) =>
        /\[Hearth & Thread\]: Order #\d+ has failed/.test(m.subject) && m.text.includes(declined),
    );
    expect(failedMail.to).toEqual([shopEmail]);
    await t.shop.mail.idle();
    expect(mailsTo(declined)).toHaveLength(0);
  });

  it('a voucher order on hold mails the customer the voucher, then the processing mail once paid', async () => {
    const t = shops[0]!;
    const email = `voucher-${kind}@example.com`;
    const shopper = await shopperWithCart(t);
    const order = await pendingOrderOf(t, shopper, { billing_email: email });
    const voucher = { type: 'multibanco', number: '12345 123 456 789', expiresAt: null, url: null };
    // Settlement's ledger, as a webhook or the return from the processor calls it; twice, as both may.
    expect(await t.shop.orders.markOnHold(order.id, voucher)).toBe(true);
    expect(await t.shop.orders.markOnHold(order.id, voucher)).toBe(false);
    const onHold = await smtp.waitFor((m) => m.to.includes(email));
    expect(onHold.text).toContain('12345 123 456 789');
    expect(await t.shop.orders.markPaid(order.id, 'pi_voucher_paid')).toBe(true);
    const processing = await smtp.waitFor(
      (m) => m.to.includes(email) && m.text.replace(/\s+/g, ' ').includes('now being processed'),
    );
    expect(processing.subject).toBe(received);
    await t.shop.mail.idle();
    expect(mailsTo(email)).toHaveLength(2);
    // The shop heard of the order once, when it went on hold.
    expect(shopMailsOf(order.id)).toHaveLength(1);
  });

  it('two app servers sending at the same time send each order’s mails exactly once', async () => {
    const [a, b] = [shops[0]!, await appServer()];
    const emails = Array.from({ length: 6 }, (_, i) => `race-${i}-${kind}@example.com`);
    const answers = await Promise.all(
      emails.map(async (email, i) => {
        const t = i % 2 === 0 ? a : b;
        return checkout(t, await shopperWithCart(t), email);
      }),
    );
    await Promise.all([
      a.shop.mail.sendDue(),
      b.shop.mail.sendDue(),
      a.shop.mail.sendDue(),
      b.shop.mail.sendDue(),
    ]);
    await Promise.all([a.shop.mail.idle(), b.shop.mail.idle()]);
    for (const [i, email] of emails.entries()) {
      expect(answers[i]!.result).toBe('success');
      expect(mailsTo(email), email).toHaveLength(1);
      expect(shopMailsOf(orderIdOf(answers[i]!))).toHaveLength(1);
    }
    const ids = smtp.mails.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('an order’s mails still go out when its server is killed between commit and send', async () => {
    // This server's SMTP never answers: it claims the first mail and is killed while sending it.
    const sends: string[] = [];
    const stuck: MailTransport = {
      send: (mail) => {
        sends.push(mail.to);
        return new Promise(() => undefined);
      },
      close: () => undefined,
    };
    const doomed = await appServer({ mailTransport: stuck });
    const email = `killed-${kind}@example.com`;
    const answer = await checkout(doomed, await shopperWithCart(doomed), email);
    expect(answer.result).toBe('success');
    const orderId = orderIdOf(answer);
    await expect.poll(() => sends).toEqual([email]);
    await doomed.kill();

    // Another server starts: the mail nobody claimed goes out at once, the claimed one after its lease.
    const next = await appServer();
    await smtp.waitFor((m) => m.subject === `[Hearth & Thread]: New order #${orderId}`);
    await next.shop.mail.idle();
    expect(await next.shop.mail.sendDue()).toBe(0);
    expect(mailsTo(email)).toHaveLength(0);
    offset = MAIL_LEASE_MS + 1000;
    expect(await next.shop.mail.sendDue()).toBe(1);
    expect(mailsTo(email, received)).toHaveLength(1);
    expect(shopMailsOf(orderId)).toHaveLength(1);
    const row = await mailQueueRepo(next.shop.db).byKey(`order:${orderId}:customer-processing`);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingOrderOf, shopperWithCart } from '../../testing/shopper.fixture.ts';
import { startTestShop, type TestShop } from '../../testing/test-shop.ts';
import { databaseKinds } from '../db/testing/test-database.ts';

/** Without SMTP settings: the outbox folder, and its page in development only. */
describe.each(databaseKinds)('the outbox (no SMTP settings) on %s', (kind) => {
  let dev: TestShop;
  let production: TestShop;
  beforeAll(async () => {
    [dev, production] = await Promise.all([
      startTestShop(kind, { pages: true, env: { NODE_ENV: 'development' } }),
      startTestShop(kind, { pages: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([dev.close(), production.close()]);
  });

  it('writes each mail as a .eml file, lists it on /dev/outbox/ and shows it', async () => {
    const order = await pendingOrderOf(dev, await shopperWithCart(dev), {
      billing_email: 'outbox@example.com',
    });
    await dev.shop.orders.markPaid(order.id, 'pi_outbox');
    await dev.shop.mail.idle();
    const dir = dev.shop.config.mail.outboxDir;
    const files = (await readdir(dir)).filter((file) => file.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const parsed = await Promise.all(
      files.map(async (file) => simpleParser(await readFile(path.join(dir, file)))),
    );
    const customer = parsed.find(
      (m) => m.subject === 'Your Hearth & Thread order has been received!',
    );
    expect(customer?.text).toContain(`order #${order.id}`);
    expect(customer?.html).toContain('Classic Hoodie');

    const list = await fetch(`${dev.url}/dev/outbox/`);
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain('outbox@example.com');
    expect(html).toContain(`[Hearth &amp; Thread]: New order #${order.id}`);
    const [, link] = /href="(\/dev\/outbox\/[^"]+\/)">Your Hearth/.exec(html) ?? [];
    const one = await fetch(`${dev.url}${link}`);
    expect(one.status).toBe(200);
    const page = await one.text();
    expect(page).toContain('<iframe');
    expect(page).toContain('sandbox=""');
    expect(page).toContain('Plain text');
  });

  it('has no outbox page in production, and no page for a name that is not an outbox file', async () => {
    expect((await fetch(`${production.url}/dev/outbox/`)).status).toBe(404);
    expect((await fetch(`${dev.url}/dev/outbox/..%2F..%2Fetc%2Fpasswd/`)).status).toBe(404);
    expect((await fetch(`${dev.url}/dev/outbox/20260101T000000000Z-00000000/`)).status).toBe(404);
  });
});

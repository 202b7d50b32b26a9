import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartRepo } from '../cart/cart.repo.ts';
import { shopperWithCart } from '../testing/shopper.fixture.ts';
import { CHECKOUT_CLAIM_STALE_MS } from '../platform/constants/index.ts';
import { databaseKinds } from '../platform/db/testing/test-database.ts';
import { appServer, systemClock } from '../platform/jobs/app-server.ts';
import { jobLeasesRepo } from '../platform/jobs/job-leases.repo.ts';
import { startTestShop, type TestShop } from '../testing/test-shop.ts';
import {
  completeChallenge,
  postCheckout,
  walkedAwayFromChallenge,
} from './three-d-secure.fixture.ts';

describe.each(databaseKinds)('a checkout cut off mid-way on %s', (kind) => {
  let t: TestShop;
  beforeAll(async () => {
    t = await startTestShop(kind);
  });
  afterAll(() => t.close());

  const ordersOf = async (sessionId: string) =>
    t.shop.db.selectFrom('orders').select('id').where('session_id', '=', sessionId).execute();
  const linesIn = async (sessionId: string) =>
    (await t.shop.cart.read(sessionId)).totals.lines.length;

  it('frees the claim of an attempt whose server died at once: the same session checks out', async () => {
    const shopper = await shopperWithCart(t);
    const claimed = await cartRepo(t.shop.db).claimCheckout(
      shopper.sessionId,
      'a-server-that-crashed:its-attempt',
      new Date(),
      CHECKOUT_CLAIM_STALE_MS,
    );
    expect(claimed).toBe(true);
    const answer = await postCheckout(t, shopper, null);
    expect(answer.status).toBe(200);
    expect(answer.body.result, JSON.stringify(answer.body)).toBe('success');
    expect(await ordersOf(shopper.sessionId)).toHaveLength(1);
  });

  it('frees at once the claim of a server that crashed on this machine, its heartbeat still fresh', async () => {
    const shopper = await shopperWithCart(t);
    // The id of a process that has ended: the crashed server's, whose heartbeat has not run out.
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    await jobLeasesRepo(t.shop.db).take(
      'server:crashed',
      `${hostname()}|${gone}`,
      new Date(),
      60_000,
    );
    await cartRepo(t.shop.db).claimCheckout(
      shopper.sessionId,
      'crashed:its-attempt',
      new Date(),
      CHECKOUT_CLAIM_STALE_MS,
    );
    const answer = await postCheckout(t, shopper, null);
    expect(answer.body.result, JSON.stringify(answer.body)).toBe('success');
  });

  it('frees the claim of an attempt this server no longer runs (cut off between steps)', async () => {
    const shopper = await shopperWithCart(t);
    const attempt = t.shop.server.startAttempt();
    await cartRepo(t.shop.db).claimCheckout(
      shopper.sessionId,
      attempt,
      new Date(),
      CHECKOUT_CLAIM_STALE_MS,
    );
    t.shop.server.finish(attempt);
    const answer = await postCheckout(t, shopper, null);
    expect(answer.body.result, JSON.stringify(answer.body)).toBe('success');
  });

  it('still refuses a second checkout while the first runs on a live app server', async () => {
    const shopper = await shopperWithCart(t);
    const otherServer = appServer(t.shop.db, systemClock);
    await otherServer.beat();
    const attempt = otherServer.startAttempt();
    await cartRepo(t.shop.db).claimCheckout(
      shopper.sessionId,
      attempt,
      new Date(),
      CHECKOUT_CLAIM_STALE_MS,
    );
    const answer = await postCheckout(t, shopper, null);
    expect(answer.status).toBe(409);
    expect(await ordersOf(shopper.sessionId)).toHaveLength(0);
    // That server stops: its claims are free at once.
    await otherServer.stop();
    const again = await postCheckout(t, shopper, null);
    expect(again.body.result, JSON.stringify(again.body)).toBe('success');
  });

  it('two submits at once place one order', async () => {
    // Twenty rounds: the losing submit's cart change once saved the items it had read back into
    // the cart the winner had just emptied, and ordered them again (1 round in 40 on PostgreSQL).
    for (let round = 0; round < 20; round++) {
      const shopper = await shopperWithCart(t);
      const answers = await Promise.all([
        postCheckout(t, shopper, null),
        postCheckout(t, shopper, null),
      ]);
      expect(await ordersOf(shopper.sessionId)).toHaveLength(1);
      expect(answers.filter((a) => a.body.result === 'success')).toHaveLength(1);
    }
  });

  it('a paid order never leaves its cart full: paying empties it in the same transaction', async () => {
    const o = await walkedAwayFromChallenge(t);
    expect(await linesIn(o.sessionId)).toBe(1);
    // The shopper's browser died after the challenge; only the processor's webhook tells the shop.
    expect(await t.shop.orders.markPaid(o.orderId, o.intentId)).toBe(true);
    expect(await linesIn(o.sessionId)).toBe(0);
  });

  it('a payment on its way (on-hold) empties the cart with it too', async () => {
    const o = await walkedAwayFromChallenge(t);
    expect(await t.shop.orders.markOnHold(o.orderId, null)).toBe(true);
    expect(await linesIn(o.sessionId)).toBe(0);
  });

  it('the webhook of a challenge completed in a browser that then closed empties the cart', async () => {
    const o = await walkedAwayFromChallenge(t);
    await completeChallenge(t, o);
    for (let i = 0; i < 100; i++) {
      if ((await t.shop.orders.find(o.orderId))!.status === 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await t.shop.orders.find(o.orderId))!.status).toBe('processing');
    expect(await linesIn(o.sessionId)).toBe(0);
  });
});

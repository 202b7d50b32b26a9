import type Stripe from 'stripe';
import { settleCutOffIntent, settleWhenPaid } from '../payments/open-intents.ts';
import { HOLD_STOCK_SWEEP_BATCH } from '../platform/constants/index.ts';
import type { Db } from '../platform/db/database.ts';
import type { AppServer } from '../platform/jobs/app-server.ts';
import type { Logger } from '../platform/log/log.ts';
import { messages } from '../platform/messages/index.ts';
import { freeDeadClaims } from './checkout-claim.ts';
import { holdStockRepo } from './hold-stock.repo.ts';
import type { OrdersRepo } from './orders.repo.ts';
import { orderPayRepo } from './order-pay.repo.ts';
import { takePaymentLock } from './payment-steps.ts';

export interface PaymentRecoveryDeps {
  db: Db;
  orders: OrdersRepo;
  stripe: Stripe;
  /** This app server: whose attempts run, and whose heartbeats say the others do. */
  server: AppServer;
  log: Logger;
}

export interface Recovered {
  /** Checkout claims freed. */
  claims: number;
  /** Orders settled from their intent (paid, on its way or failed). */
  settled: number;
  /** Orders cancelled, their stock given back: no money moved and none can. */
  released: number;
}

/**
 * What checkouts and payments cut off by a dying app server left behind, put right once their
 * server is gone (its heartbeat ran out, or its process ended on this machine): their checkout
 * claims are freed, and each order their payment lock holds is taken over and settled from its
 * intent as the processor has it (paid, on its way, failed), or, when no money moved and none
 * can (no intent yet, or one never confirmed, which is cancelled), released: cancelled with its
 * stock and coupon uses given back, once. An intent waiting for the shopper (a challenge) keeps
 * its order for the hold time. An order the processor says nothing about keeps the dead lock,
 * for the next run.
 */
export async function recoverCutOffAttempts(
  deps: PaymentRecoveryDeps,
  now: Date,
  stopping?: AbortSignal,
): Promise<Recovered> {
  const recovered: Recovered = {
    claims: await freeDeadClaims(deps.db, deps.server),
    settled: 0,
    released: 0,
  };
  const repo = holdStockRepo(deps.db);
  let page: number[] = [];
  let afterId = 0;
  do {
    page = await repo.lockedOrders(afterId, HOLD_STOCK_SWEEP_BATCH);
    for (const orderId of page) {
      if (stopping?.aborted) return recovered;
      afterId = orderId;
      const holder = deps.server.startAttempt();
      try {
        const token = await takePaymentLock(deps.db, deps.server, holder, orderId);
        if (!token) continue;
        const outcome = await recoverOrder(deps, orderId, token, now);
        if (outcome === 'settled') recovered.settled += 1;
        if (outcome === 'released') recovered.released += 1;
        if (outcome !== 'processor-silent')
          await orderPayRepo(deps.db).unlockPayment(orderId, token);
      } finally {
        deps.server.finish(holder);
      }
    }
  } while (page.length === HOLD_STOCK_SWEEP_BATCH);
  return recovered;
}

async function recoverOrder(
  deps: PaymentRecoveryDeps,
  orderId: number,
  token: string,
  now: Date,
): Promise<'settled' | 'released' | 'left' | 'processor-silent'> {
  const order = await deps.orders.find(orderId);
  if (order?.status !== 'pending') return 'left';
  const intentId = order.paymentIntentId;
  if (intentId && !intentId.startsWith('pi_')) return 'left';
  if (intentId) {
    let standing: Awaited<ReturnType<typeof settleCutOffIntent>>;
    try {
      standing = await settleCutOffIntent(deps.orders, deps.stripe, intentId);
    } catch (error) {
      deps.log.warn({ err: error, orderId }, 'recovery: the processor could not say');
      return 'processor-silent';
    }
    if (standing === 'settled') return 'settled';
    if (standing === 'waiting') return 'left';
  }
  const released = await holdStockRepo(deps.db).releaseCutOff(
    orderId,
    token,
    now,
    messages.unpaidOrderCutOff,
  );
  return released ? 'released' : 'left';
}

/**
 * Pays every unpaid order whose intent took the money, whenever it was placed: a webhook lost
 * with the server that took it, or a shopper's browser closed on the way back, leaves no charged
 * customer with an unpaid order for longer than one run of this job. Orders a payment attempt
 * holds are left to it (or, when it died, to the recovery). Returns how many it paid.
 */
export async function settlePaidIntents(
  deps: Pick<PaymentRecoveryDeps, 'db' | 'orders' | 'stripe' | 'log'>,
  now: Date,
  stopping?: AbortSignal,
): Promise<number> {
  const repo = holdStockRepo(deps.db);
  let paid = 0;
  let page: Awaited<ReturnType<typeof repo.unpaidWithIntent>> = [];
  let afterId = 0;
  do {
    page = await repo.unpaidWithIntent(afterId, HOLD_STOCK_SWEEP_BATCH, now);
    for (const order of page) {
      if (stopping?.aborted) return paid;
      afterId = order.id;
      try {
        if (await settleWhenPaid(deps.orders, deps.stripe, order.paymentIntentId!)) paid += 1;
      } catch (error) {
        deps.log.warn(
          { err: error, orderId: order.id },
          'paid intents: the processor could not say',
        );
      }
    }
  } while (page.length === HOLD_STOCK_SWEEP_BATCH);
  return paid;
}

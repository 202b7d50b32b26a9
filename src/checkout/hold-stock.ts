import type Stripe from 'stripe';
import { closeIntent } from '../payments/open-intents.ts';
import { settleFromProcessor, settleSetupFromProcessor } from '../payments/settlement.ts';
import { HOLD_STOCK_SWEEP_BATCH } from '../platform/constants/index.ts';
import type { Db } from '../platform/db/database.ts';
import type { Logger } from '../platform/log/log.ts';
import { messages } from '../platform/messages/index.ts';
import type { SettingsStore } from '../platform/settings/settings.ts';
import { holdStockRepo, type OverdueOrder } from './hold-stock.repo.ts';
import type { OrdersRepo } from './orders.repo.ts';

export interface HoldStockDeps {
  db: Db;
  orders: OrdersRepo;
  stripe: Stripe;
  settings: SettingsStore;
  log: Logger;
}

/**
 * WooCommerce's `wc_cancel_unpaid_orders`: an unpaid order that has held its stock longer than
 * `woocommerce_hold_stock_minutes` is cancelled and its stock given back, so a shopper who
 * walked away from a challenge no longer keeps the last unit from everyone else. The processor
 * is asked first: a payment that succeeded meanwhile pays the order, and one still processing
 * leaves it alone. Returns how many orders this call cancelled.
 */
export async function cancelUnpaidOrders(
  deps: HoldStockDeps,
  now: Date,
  stopping?: AbortSignal,
): Promise<number> {
  const { holdStockMinutes } = await deps.settings.read();
  if (holdStockMinutes < 1) return 0;
  const cutoff = new Date(now.getTime() - holdStockMinutes * 60_000);
  const repo = holdStockRepo(deps.db);
  let cancelled = 0;
  let page: OverdueOrder[] = [];
  let afterId = 0;
  do {
    page = await repo.overdue(cutoff, afterId, HOLD_STOCK_SWEEP_BATCH);
    for (const order of page) {
      // A stopping server leaves the rest to the next sweep (any server's): each order stands alone.
      if (stopping?.aborted) return cancelled;
      afterId = order.id;
      if (await paymentMayStillCome(deps, order)) continue;
      if (await repo.cancelOverdue(order.id, cutoff, now, messages.unpaidOrderCancelled))
        cancelled += 1;
    }
  } while (page.length === HOLD_STOCK_SWEEP_BATCH);
  return cancelled;
}

/**
 * Asks the processor about the order's intent before cancelling. An intent still waiting for the
 * shopper is cancelled there first, so a late authentication cannot take money for a cancelled
 * order. True when the order must be left alone: the intent succeeded (the order is settled as
 * paid), is processing, or the processor could not say.
 */
async function paymentMayStillCome(deps: HoldStockDeps, order: OverdueOrder): Promise<boolean> {
  const intentId = order.paymentIntentId;
  if (!intentId) return false;
  try {
    if (intentId.startsWith('seti_')) {
      const settled = await settleSetupFromProcessor(deps.orders, deps.stripe, intentId);
      return settled !== undefined && settled.order.status !== 'pending';
    }
    const intent = await closeIntent(
      deps.stripe,
      await deps.stripe.paymentIntents.retrieve(intentId),
    );
    if (intent.status === 'canceled') return false;
    if (intent.status !== 'processing')
      await settleFromProcessor(deps.orders, deps.stripe, intent.id);
    return true;
  } catch (error) {
    deps.log.warn({ err: error, orderId: order.id }, 'hold-stock: the processor could not say');
    return true;
  }
}

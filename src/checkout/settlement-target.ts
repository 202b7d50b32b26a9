import type { SettlementTarget } from '../payments/settlement.ts';
import type { Order } from './order.ts';
import type { OrdersRepo } from './orders.repo.ts';
import { orderReceivedUrl } from './payment-steps.ts';

/** Checkout's side of settlement: its orders are where payments marks an order paid or failed. */
export function settlementTarget(orders: OrdersRepo): SettlementTarget<Order> {
  return {
    find: (id) => orders.find(id),
    findByPaymentIntent: (intentId) => orders.findByPaymentIntent(intentId),
    markPaid: (id, transactionId) => orders.markPaid(id, transactionId),
    markOnHold: (id, voucher, intentId) => orders.markOnHold(id, voucher, intentId),
    markFailed: (id, intentId) => orders.markFailed(id, intentId),
    receivedUrl: orderReceivedUrl,
  };
}

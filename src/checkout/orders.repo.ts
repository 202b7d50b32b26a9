import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Tx } from '../platform/db/database.ts';
import { nowIso } from '../platform/db/database.ts';
import type { OrderRow } from '../platform/db/schema.ts';
import { ShopError } from '../platform/errors/shop-error.ts';
import { format, messages } from '../platform/messages/index.ts';
import { cartRepo } from '../cart/cart.repo.ts';
import { saveOrderAttribution } from '../content/attribution.repo.ts';
import { customerCouponUses } from './coupon-uses.repo.ts';
import { assertCustomerUsage, COUPON_ERRORS, hasCustomerLimit } from '../cart/coupon.ts';
import {
  canTransition,
  type Order,
  type OrderDraft,
  type OrderStatus,
  type VoucherDetails,
} from './order.ts';

function toOrder(row: OrderRow, lines: Order['lines']): Order {
  return {
    id: row.id,
    key: row.order_key,
    status: row.status as OrderStatus,
    currency: row.currency,
    billing: JSON.parse(row.billing_json),
    paymentMethod: row.payment_method,
    paymentMethodTitle: row.payment_method_title,
    transactionId: row.transaction_id,
    paymentIntentId: row.payment_intent_id,
    sessionId: row.session_id,
    customerId: row.customer_id,
    voucher: row.payment_details_json ? JSON.parse(row.payment_details_json) : null,
    shippingAddress: JSON.parse(row.shipping_json).address ?? null,
    shippingMethod: JSON.parse(row.shipping_json).method ?? null,
    customerNote: row.customer_note,
    lines,
    subtotal: row.subtotal,
    discountTotal: row.discount_total,
    shippingTotal: row.shipping_total,
    taxTotal: row.tax_total,
    total: row.total,
    coupons: JSON.parse(row.coupons_json),
    createdAt: row.created_at,
    paidAt: row.paid_at,
    source:
      row.source === 'form' && row.source_ref
        ? { kind: 'form', ref: row.source_ref }
        : { kind: 'checkout' },
  };
}

/**
 * Takes one use of a coupon for an order, in the order's transaction: the usage limit is a
 * conditional update (like stock), so two orders racing for the last use get one; the
 * per-customer limit counts the billing email's earlier orders after that update, which on
 * PostgreSQL holds the coupon's row lock, so racing orders of one customer count each other.
 */
async function takeCouponUse(tx: Db, code: string, email: string): Promise<void> {
  const [coupon] = await cartRepo(tx).coupons([code]);
  if (!coupon) return;
  const result = await tx
    .updateTable('coupons')
    .set({ usage_count: sql`usage_count + 1` })
    .where('code', '=', code)
    .where((eb) =>
      eb.or([
        eb('usage_limit', 'is', null),
        eb('usage_limit', '<=', 0),
        eb('usage_count', '<', eb.ref('usage_limit')),
      ]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    throw new ShopError(COUPON_ERRORS.usageLimit, messages.couponUsageLimitReached, 409);
  }
  if (hasCustomerLimit(coupon) && email !== '') {
    assertCustomerUsage(coupon, await customerCouponUses(tx, code, email));
  }
}

/**
 * An unpaid order's stock and coupon uses go back (it failed or was cancelled). Called in the
 * transaction whose conditional status update made that move, so it runs once per order.
 */
export async function giveBackStockAndCoupons(
  tx: Db,
  orderId: number,
  couponsJson: string,
): Promise<void> {
  const items = await tx
    .selectFrom('order_items')
    .select(['product_id', 'quantity'])
    .where('order_id', '=', orderId)
    .where('product_id', 'is not', null)
    .execute();
  for (const item of items) {
    await tx
      .updateTable('products')
      .set({
        stock: sql`case when stock is null then null else stock + ${item.quantity} end`,
        total_sales: sql`total_sales - ${item.quantity}`,
      })
      .where('id', '=', item.product_id!)
      .execute();
  }
  for (const code of JSON.parse(couponsJson) as string[]) {
    await tx
      .updateTable('coupons')
      .set({ usage_count: sql`usage_count - 1` })
      .where('code', '=', code)
      .where('usage_count', '>', 0)
      .execute();
  }
}

/**
 * Takes one line's stock by a conditional update (counting the sale), or throws the shop's
 * refusal naming what is left, which rolls the caller's transaction back. `force` takes it past
 * the stock: for an order whose money is already taken.
 */
async function takeLineStock(
  tx: Db,
  line: { productId: number; name: string; quantity: number },
  { force = false }: { force?: boolean } = {},
): Promise<void> {
  const taken = await tx
    .updateTable('products')
    .set({
      stock: sql`stock - ${line.quantity}`,
      total_sales: sql`total_sales + ${line.quantity}`,
    })
    .where('id', '=', line.productId)
    .$if(!force, (qb) =>
      qb.where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>=', line.quantity)])),
    )
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) === 1 || force) return;
  const product = await tx
    .selectFrom('products')
    .select('stock')
    .where('id', '=', line.productId)
    .executeTakeFirst();
  throw new ShopError(
    'not_enough_stock',
    format(messages.notEnoughStockAtCheckout, { name: line.name, count: product?.stock ?? 0 }),
    409,
  );
}

/**
 * An order that gave its stock and coupon uses back (it failed) takes them again, in the
 * transaction that makes it pending again: a line that cannot be met or a coupon used up since
 * throws the shop's refusal, which rolls that transaction back. `force` takes them past their
 * limits: for an order whose money is already taken.
 */
export async function takeStockAndCoupons(
  tx: Db,
  id: number,
  { force = false }: { force?: boolean } = {},
): Promise<void> {
  const items = await tx
    .selectFrom('order_items')
    .select(['product_id', 'name', 'quantity'])
    .where('order_id', '=', id)
    .where('product_id', 'is not', null)
    .orderBy('id')
    .execute();
  for (const item of items) {
    await takeLineStock(tx, { productId: item.product_id!, ...item }, { force });
  }
  const order = await tx
    .selectFrom('orders')
    .select(['coupons_json', 'billing_json'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const email = String((JSON.parse(order.billing_json) as { email?: unknown }).email ?? '');
  for (const code of JSON.parse(order.coupons_json) as string[]) {
    const [coupon] = await cartRepo(tx).coupons([code]);
    if (!coupon) continue;
    const used = await tx
      .updateTable('coupons')
      .set({ usage_count: sql`usage_count + 1` })
      .where('code', '=', code)
      .$if(!force, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('usage_limit', 'is', null),
            eb('usage_limit', '<=', 0),
            eb('usage_count', '<', eb.ref('usage_limit')),
          ]),
        ),
      )
      .executeTakeFirst();
    if (force) continue;
    if (Number(used.numUpdatedRows) !== 1)
      throw new ShopError(COUPON_ERRORS.usageLimit, messages.couponUsageLimitReached, 409);
    // This order is pending again, so it counts itself among the customer's uses.
    if (hasCustomerLimit(coupon) && email !== '')
      assertCustomerUsage(coupon, (await customerCouponUses(tx, code, email)) - 1);
  }
}

/** The payment lock an order is created with: its attempt (`{server id}:{attempt id}`) and end. */
export interface PaymentLock {
  holder: string;
  /** ISO-8601 UTC: the lock's token for `unlockPayment`. */
  until: string;
}

/** The columns an order takes from its draft: the same when it is created and when it is resumed. */
function draftColumns(draft: OrderDraft) {
  return {
    currency: draft.currency,
    billing_json: JSON.stringify(draft.billing),
    shipping_json: JSON.stringify({ address: draft.shippingAddress, method: draft.shippingMethod }),
    payment_method: draft.paymentMethod,
    payment_method_title: draft.paymentMethodTitle,
    subtotal: draft.subtotal,
    discount_total: draft.discountTotal,
    shipping_total: draft.shippingTotal,
    tax_total: draft.taxTotal,
    total: draft.total,
    coupons_json: JSON.stringify(draft.coupons),
    customer_note: draft.customerNote,
  };
}

async function insertLines(tx: Db, orderId: number, lines: OrderDraft['lines']): Promise<void> {
  await tx
    .insertInto('order_items')
    .values(
      lines.map((line) => ({
        order_id: orderId,
        product_id: line.productId,
        name: line.name,
        sku: line.sku,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        subtotal: line.subtotal,
        total: line.total,
      })),
    )
    .execute();
}

/** Empties the cart of the session that placed the order (in the transaction that paid it). */
async function clearCartOfOrder(tx: Db, orderId: number): Promise<void> {
  const row = await tx
    .selectFrom('orders')
    .select('session_id')
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (row?.session_id) await cartRepo(tx).clear(row.session_id);
}

/** An order with its lines, as `db` (or a transaction) sees it now. */
async function readOrder(db: Db, id: number): Promise<Order | undefined> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const items = await db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', '=', id)
    .orderBy('id')
    .execute();
  return toOrder(
    row,
    items.map((i) => ({
      productId: i.product_id,
      name: i.name,
      sku: i.sku,
      quantity: i.quantity,
      unitPrice: i.unit_price,
      subtotal: i.subtotal,
      total: i.total,
    })),
  );
}

/** One line of my-account's order list. */
export interface OrderSummary {
  id: number;
  key: string;
  status: OrderStatus;
  total: number;
  currency: string;
  createdAt: string;
  itemCount: number;
}

/**
 * Queues the mails an order's new status calls for, in the transaction that moved it there
 * (order-mails.tsx's `orderStatusMailer`; the composition root wires it).
 */
export type QueueOrderMails = (tx: Tx, order: Order) => Promise<void>;

/** For scripts that write orders without mailing anyone (test data). */
export const noOrderMails: QueueOrderMails = async () => undefined;

/**
 * Orders. Every move to processing, on-hold or failed queues its mails in the transaction that
 * makes it, so a mail goes out exactly when, and only if, the move happened.
 */
export function ordersRepo(db: Db, queueOrderMails: QueueOrderMails) {
  /** Queues the mails of the order's status now, as `tx` sees it. */
  const queueMails = async (tx: Tx, id: number) => {
    const order = await readOrder(tx, id);
    if (order) await queueOrderMails(tx, order);
  };
  return {
    /**
     * Creates the order and takes its stock, all or nothing: each line's stock is decremented by
     * a conditional update, and a line that cannot be met rolls the whole order back.
     */
    async create(
      draft: OrderDraft,
      sessionId: string | null,
      status: OrderStatus,
      /** The customer logged in when ordering: their account's orders and next checkout's prefill. */
      customerId: number | null = null,
      /** The payment lock of the attempt that will pay it, held from the order's first moment. */
      paymentLock?: PaymentLock,
    ): Promise<Order> {
      return db.transaction().execute(async (tx) => {
        for (const line of draft.lines) {
          if (line.productId !== null)
            await takeLineStock(tx, { ...line, productId: line.productId });
        }
        for (const code of draft.coupons) await takeCouponUse(tx, code, draft.billing.email);
        const createdAt = nowIso();
        const key = `wc_order_${randomBytes(9).toString('base64url')}`;
        const row = await tx
          .insertInto('orders')
          .values({
            order_key: key,
            status,
            customer_id: customerId,
            session_id: sessionId,
            ...draftColumns(draft),
            transaction_id: null,
            created_at: createdAt,
            paid_at: null,
            stock_held_at: status === 'pending' ? createdAt : null,
            source: draft.source?.kind ?? 'checkout',
            source_ref: draft.source?.kind === 'form' ? draft.source.ref : null,
            ...(paymentLock && {
              payment_locked_until: paymentLock.until,
              payment_lock_holder: paymentLock.holder,
            }),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await insertLines(tx, row.id, draft.lines);
        if (draft.attribution) await saveOrderAttribution(tx, row.id, draft.attribution);
        // An order that needs no payment now (cash on delivery) empties its cart with it.
        if (status !== 'pending' && sessionId) await cartRepo(tx).clear(sessionId);
        const order = toOrder(row, draft.lines);
        await queueOrderMails(tx, order);
        return order;
      });
    },

    find(id: number): Promise<Order | undefined> {
      return readOrder(db, id);
    },

    /**
     * The session's order awaiting payment (WooCommerce's `order_awaiting_payment`): the last
     * order its checkout placed, while that one is still unpaid (pending or failed).
     */
    async awaitingPayment(sessionId: string): Promise<Order | undefined> {
      const last = await db
        .selectFrom('orders')
        .select(['id', 'status'])
        .where('session_id', '=', sessionId)
        .where('source', '=', 'checkout')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!last || (last.status !== 'pending' && last.status !== 'failed')) return undefined;
      return readOrder(db, last.id);
    },

    /**
     * Resumes an unpaid order for a new checkout of the same cart (WooCommerce's
     * `woocommerce_resume_order`): it takes the checkout's details and its lines again, and is
     * pending with its stock hold starting now. A failed one takes its stock and coupon uses
     * again (failing gave them back), all or nothing: a refusal (stock gone, coupon used up)
     * throws and the order stays failed. It names no intent until the new attempt records one.
     * Returns the order, or undefined when it is no longer unpaid (paid or cancelled meanwhile).
     */
    async resume(id: number, draft: OrderDraft): Promise<Order | undefined> {
      return db.transaction().execute(async (tx) => {
        const before = await tx
          .selectFrom('orders')
          .select('status')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!before || (before.status !== 'pending' && before.status !== 'failed'))
          return undefined;
        const moved = await tx
          .updateTable('orders')
          .set({
            status: 'pending',
            ...draftColumns(draft),
            payment_intent_id: null,
            stock_held_at: nowIso(),
          })
          .where('id', '=', id)
          .where('status', '=', before.status)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return undefined;
        await tx.deleteFrom('order_items').where('order_id', '=', id).execute();
        await insertLines(tx, id, draft.lines);
        if (before.status === 'failed') await takeStockAndCoupons(tx, id);
        return readOrder(tx, id);
      });
    },

    /** A page of the customer's own orders, newest first, and how many they have in all. */
    async customerOrders(
      customerId: number,
      page: { limit: number; offset: number },
    ): Promise<{ orders: OrderSummary[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('orders')
          .select((eb) => [
            'orders.id',
            'orders.order_key',
            'orders.status',
            'orders.total',
            'orders.currency',
            'orders.created_at',
            eb
              .selectFrom('order_items')
              .select((inner) =>
                inner.fn.coalesce(inner.fn.sum<number>('quantity'), inner.lit(0)).as('n'),
              )
              .whereRef('order_items.order_id', '=', 'orders.id')
              .as('item_count'),
          ])
          .where('customer_id', '=', customerId)
          .orderBy('orders.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('customer_id', '=', customerId)
          .executeTakeFirstOrThrow(),
      ]);
      return {
        orders: rows.map((row) => ({
          id: row.id,
          key: row.order_key,
          status: row.status as OrderStatus,
          total: row.total,
          currency: row.currency,
          createdAt: row.created_at,
          itemCount: Number(row.item_count ?? 0),
        })),
        total: Number(count.n),
      };
    },

    /** The order, only when the key matches: how a guest proves an order is theirs. */
    async findWithKey(id: number, key: string): Promise<Order | undefined> {
      const order = await this.find(id);
      return order && order.key === key ? order : undefined;
    },

    async findByPaymentIntent(intentId: string): Promise<Order | undefined> {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('payment_intent_id', '=', intentId)
        .executeTakeFirst();
      return row ? this.find(row.id) : undefined;
    },

    /**
     * Records the payment intent made for an unpaid order (a retry replaces it). A new payment
     * attempt restarts the order's stock hold, as WooCommerce counts from the order's last change.
     */
    async setPaymentIntent(id: number, intentId: string): Promise<void> {
      await db
        .updateTable('orders')
        .set({ payment_intent_id: intentId, stock_held_at: nowIso() })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'failed'])
        .execute();
    },

    /**
     * Waiting for money that is on its way (a voucher to pay, a debit processing). Like
     * `markPaid`, it empties the cart that placed the order in the same transaction.
     */
    async markOnHold(
      id: number,
      voucher: VoucherDetails | null,
      /** The intent it is on its way by: only while the order names it. */
      intentId?: string,
    ): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const result = await tx
          .updateTable('orders')
          .set({
            status: 'on-hold',
            ...(voucher ? { payment_details_json: JSON.stringify(voucher) } : {}),
          })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .$if(intentId !== undefined, (qb) => qb.where('payment_intent_id', '=', intentId!))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await clearCartOfOrder(tx, id);
        await queueMails(tx, id);
        return true;
      });
    },

    /**
     * Marks an order paid, once: a conditional update, so a webhook and a redirect return racing
     * for one payment give one transition. Returns whether this call made it. The cart that
     * placed the order is emptied in the same transaction, so however the payment became known
     * (a webhook after the shopper's browser died, say), a paid order never leaves a full cart.
     */
    async markPaid(id: number, transactionId: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const result = await tx
          .updateTable('orders')
          .set({ status: 'processing', transaction_id: transactionId, paid_at: nowIso() })
          .where('id', '=', id)
          .where('status', 'in', ['pending', 'on-hold'])
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await clearCartOfOrder(tx, id);
        await queueMails(tx, id);
        return true;
      });
    },

    /**
     * An offline method (cash on delivery) needs no payment now: the pending order goes to
     * processing, as a cash-on-delivery checkout does. Returns whether this call moved it.
     */
    async acceptOffline(id: number): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const result = await tx
          .updateTable('orders')
          .set({ status: 'processing' })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        // The cart that placed the order goes with it, as with a paid order.
        await clearCartOfOrder(tx, id);
        await queueMails(tx, id);
        return true;
      });
    },

    /**
     * Cancels an order that was never paid (a paid form's order replaced by another, or one that
     * lost a race), once: a conditional update. A pending order gives its stock and coupon uses
     * back in the same transaction (a failed one gave them back when it failed).
     */
    async cancelUnpaid(id: number): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const before = await tx
          .selectFrom('orders')
          .select(['status', 'coupons_json'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!before || (before.status !== 'pending' && before.status !== 'failed')) return false;
        const moved = await tx
          .updateTable('orders')
          .set({ status: 'cancelled', stock_held_at: null })
          .where('id', '=', id)
          .where('status', '=', before.status)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return false;
        if (before.status === 'pending') await giveBackStockAndCoupons(tx, id, before.coupons_json);
        await queueMails(tx, id);
        return true;
      });
    },

    /**
     * Marks an unpaid order failed and gives its stock and coupon uses back, in one transaction.
     * With the intent that failed named, only while the order names it: an earlier attempt's
     * late failure never fails the order a new attempt is paying.
     */
    async markFailed(id: number, intentId?: string): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const order = await tx
          .selectFrom('orders')
          .select(['status', 'coupons_json'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (
          !order ||
          !canTransition(order.status as OrderStatus, 'failed') ||
          order.status === 'failed'
        )
          return false;
        const result = await tx
          .updateTable('orders')
          .set({ status: 'failed' })
          .where('id', '=', id)
          .where('status', '=', order.status)
          .$if(intentId !== undefined, (qb) => qb.where('payment_intent_id', '=', intentId!))
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await giveBackStockAndCoupons(tx, id, order.coupons_json);
        await queueMails(tx, id);
        return true;
      });
    },
  };
}

export type OrdersRepo = ReturnType<typeof ordersRepo>;

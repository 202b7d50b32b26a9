import type { CartService } from '../cart/cart.service.ts';
import { chargeOrder } from '../payments/card-payment.ts';
import { paymentMethodById } from '../payments/methods.ts';
import type { PaymentsConfig } from '../payments/stripe-client.ts';
import { ShopError } from '../platform/errors/shop-error.ts';
import { messages } from '../platform/messages/index.ts';
import { billingFromForm, validateBilling, type FieldError } from './address.ts';
import { draftOrder, type Order } from './order.ts';
import type { OrdersRepo } from './orders.repo.ts';

export type CheckoutResult =
  | { result: 'success'; redirect: string; order: Order }
  | { result: 'failure'; messages: string[]; fieldErrors: FieldError[] };

export interface CheckoutDeps {
  cart: CartService;
  orders: OrdersRepo;
  payments: () => PaymentsConfig;
}

export function orderReceivedUrl(order: Pick<Order, 'id' | 'key'>): string {
  return `/checkout/order-received/${order.id}/?key=${encodeURIComponent(order.key)}`;
}

function failure(texts: string[], fieldErrors: FieldError[] = []): CheckoutResult {
  return { result: 'failure', messages: texts, fieldErrors };
}

function text(form: Record<string, unknown>, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Places an order from the session's cart and the submitted checkout form: validate, create the
 * order with its stock in one transaction, take payment, empty the cart.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  sessionId: string | undefined,
  form: Record<string, unknown>,
): Promise<CheckoutResult> {
  const view = await deps.cart.read(sessionId);
  if (!sessionId || view.totals.lines.length === 0) return failure([messages.checkoutCartEmpty]);

  const billing = billingFromForm(form);
  const fieldErrors = validateBilling(billing);
  const method = paymentMethodById(text(form, 'payment_method'));
  const paymentMethodId = text(form, 'wc-stripe-payment-method');
  const texts = fieldErrors.map((e) => e.message);
  if (view.totals.total > 0 && !method) texts.push(messages.noPaymentMethod);
  if (method?.id === 'stripe' && view.totals.total > 0 && !/^pm_\w+$/.test(paymentMethodId))
    texts.push(messages.cardPaymentNeedsJs);
  if (texts.length > 0) return failure(texts, fieldErrors);

  const payWith = view.totals.total > 0 ? method! : paymentMethodById('cod')!;
  let order: Order;
  try {
    order = await deps.orders.create(
      draftOrder(view.totals, {
        billing,
        paymentMethod: payWith.id,
        paymentMethodTitle: payWith.title,
        customerNote: text(form, 'order_comments').slice(0, 5000),
      }),
      sessionId,
      payWith.id === 'cod' ? 'processing' : 'pending',
    );
  } catch (error) {
    if (error instanceof ShopError) return failure([error.message]);
    throw error;
  }

  if (payWith.id === 'stripe') {
    const payment = await chargeOrder(deps.payments().stripe, order, paymentMethodId);
    if (payment.status === 'failed') {
      await deps.orders.markFailed(order.id);
      return failure([payment.message]);
    }
    await deps.orders.markPaid(order.id, payment.intentId);
    order = { ...order, status: 'processing', transactionId: payment.intentId };
  }
  await deps.cart.empty(sessionId);
  return { result: 'success', redirect: orderReceivedUrl(order), order };
}

import { STRIPE_NONCES } from '../payments/nonces.ts';
import { countPaymentAttempt, retryAfterSeconds } from '../payments/rate-limit.ts';
import { errorListHtml } from '../platform/http/notices.ts';
import { createNonce } from '../platform/nonce/nonce.ts';
import type { Shop } from '../shop.ts';
import type { CheckoutRequest, CheckoutResult } from './place-order.ts';

type Refusal = Extract<CheckoutResult, { result: 'failure' }>;

/**
 * How every door of placing or paying for an order answers a refusal over HTTP: 429 with
 * `Retry-After` over the card-testing limit, 409 while another attempt pays the order, else 200.
 */
export function refusalHttp(result: Refusal): { status: number; headers: Record<string, string> } {
  const reason = result.reason;
  if (reason?.kind === 'rate_limited')
    return {
      status: 429,
      headers: { 'Retry-After': String(retryAfterSeconds(reason.retryAfterMs)) },
    };
  return { status: reason?.kind === 'payment_in_progress' ? 409 : 200, headers: {} };
}

/** The checkout call's answer (seed 001 §7): result, redirect, messages, reload, refresh. */
export function checkoutAnswer(result: CheckoutResult) {
  if (result.result === 'failure') {
    return {
      result: 'failure',
      messages: errorListHtml(result.messages),
      errors: result.messages,
      field_errors: result.fieldErrors,
      refresh: false,
      reload: result.reload ?? false,
    };
  }
  return { result: 'success', redirect: result.redirect, order_id: result.order.id };
}

/** What the operations need of a request: its origin, confirm nonces, the visitor's attempts. */
export function checkoutRequest(
  shop: Pick<Shop, 'secret' | 'db'>,
  visitor: { sessionId: string | undefined; ip: string; origin: string },
): CheckoutRequest {
  return {
    origin: visitor.origin,
    confirmNonce: (sessionId) =>
      createNonce(shop.secret, STRIPE_NONCES.updateOrderStatus, sessionId),
    countPaymentAttempt: () =>
      countPaymentAttempt(shop.db, { sessionId: visitor.sessionId, ip: visitor.ip }),
  };
}

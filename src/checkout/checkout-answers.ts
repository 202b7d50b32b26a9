import type { HeadersFunction } from 'react-router';
import { retryAfterSeconds } from '../payments/rate-limit.ts';
import { errorListHtml } from '../platform/http/notices.ts';
import type { RequestContext } from '../platform/http/request-context.ts';
import type { CheckoutResult, Visitor } from './payment-steps.ts';

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

/** Who is placing or paying for an order, as the request tells it. */
export async function visitorOf(context: RequestContext): Promise<Visitor> {
  const session = await context.readSession();
  return { sessionId: session?.id, ip: context.clientIp, origin: context.origin };
}

/** The checkout and order-pay pages: never cached; a refusal over the card-testing limit keeps its `Retry-After`. */
export const payPageHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After');
  return {
    'Cache-Control': 'private, no-store',
    ...(retryAfter && { 'Retry-After': retryAfter }),
  };
};

import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { setCartCookies } from '../cart/cart.routes.ts';
import { findState, isCountry } from '../platform/address/countries.ts';
import { formatPostcode } from '../platform/address/postcode.ts';
import { ajaxCall, type AjaxCalls } from '../platform/http/ajax.ts';
import { errorListHtml } from '../platform/http/notices.ts';
import type { RequestContexts } from '../platform/http/request-context.ts';
import { settleReturn } from '../payments/settlement.ts';
import { checkoutAnswer, refusalHttp, visitorOf } from './checkout-answers.ts';
import { CHECKOUT_NONCE, UPDATE_ORDER_REVIEW_NONCE } from './nonces.ts';
import { placeOrder } from './operations.ts';
import { orderIdParam } from './order-pay-rules.ts';
import type { CheckoutDeps } from './payment-steps.ts';
import { checkoutForm } from './schemas.ts';
import { orderReviewFragments } from './ui/order-review.tsx';

/** What the checkout's doors need: the checkout's operations and each request's context. */
export interface CheckoutDoorDeps {
  checkout: CheckoutDeps;
  contexts: RequestContexts;
}

const field = z.string().max(200).default('');

/** Seed 001 §3: the order review refresh's payload. */
const orderReviewSchema = z.object({
  payment_method: field,
  country: field,
  state: field,
  postcode: field,
  city: field,
  address: field,
  address_2: field,
  s_country: field,
  s_state: field,
  s_postcode: field,
  s_city: field,
  s_address: field,
  s_address_2: field,
  has_full_address: field,
  post_data: z.string().max(20_000).default(''),
  shipping_method: z
    .union([z.record(z.string().max(10), z.string().max(100)), z.array(z.string().max(100))])
    .optional(),
});

function chosenRate(input: z.infer<typeof orderReviewSchema>): string | undefined {
  const methods = input.shipping_method;
  if (!methods) return undefined;
  return Array.isArray(methods) ? methods[0] : methods['0'];
}

export function checkoutAjaxCalls({ checkout, contexts }: CheckoutDoorDeps): AjaxCalls {
  return new Map([
    [
      'checkout',
      ajaxCall({
        guard: { kind: 'nonce', action: CHECKOUT_NONCE },
        schema: checkoutForm,
        async handle(input, request, reply) {
          const context = contexts(request, reply);
          const visitor = await visitorOf(context);
          const result = await placeOrder(checkout, input, visitor);
          if (result.result === 'failure') {
            const { status, headers } = refusalHttp(result);
            reply.code(status).headers(headers);
          }
          // Signing up at checkout logged the shopper in under a new session id.
          if (result.session) context.handOver(result.session);
          const current = result.session?.id ?? visitor.sessionId;
          if (current) setCartCookies(reply, await checkout.cart.read(current));
          return checkoutAnswer(result);
        },
      }),
    ],
    [
      'update_order_review',
      ajaxCall({
        guard: { kind: 'nonce', action: UPDATE_ORDER_REVIEW_NONCE },
        schema: orderReviewSchema,
        async handle(input, request, reply) {
          const session = await contexts(request, reply).ensureSession();
          const country = input.s_country.toUpperCase();
          const rate = chosenRate(input);
          const view = await checkout.cart.setCustomer(session.id, {
            ...(isCountry(country) && {
              destination: {
                country,
                state: findState(country, input.s_state)?.code ?? input.s_state,
                postcode: formatPostcode(input.s_postcode, country),
                city: input.s_city,
              },
            }),
            ...(rate && { shippingRate: rate }),
          });
          setCartCookies(reply, view);
          if (view.totals.lines.length === 0) {
            return { result: 'failure', reload: true, messages: '', fragments: {} };
          }
          return {
            result: 'success',
            reload: false,
            messages:
              view.store.errors.length > 0
                ? errorListHtml(view.store.errors.map((e) => e.message))
                : '',
            fragments: orderReviewFragments(view.store, view.money),
            cart: view.store,
          };
        },
      }),
    ],
  ]);
}

const ORDER_RECEIVED_PATH = /^\/checkout\/order-received\/([^/?]*)\/?$/;

/**
 * Back on the order-received page from a redirect method or a card challenge
 * (`payment_intent` in the URL): the order is settled from the processor before the page renders,
 * since the page's loaders run side by side and the header reads the cart count while the page's
 * own loader works. A failure goes back to the checkout with the catalogue's text; a payment
 * empties the shopper's cart. Answers true when it sent the browser elsewhere.
 */
export async function handleRedirectReturn(
  { checkout, contexts }: CheckoutDoorDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  if (request.method !== 'GET' || !request.url.includes('payment_intent=')) return false;
  const url = new URL(request.url, 'http://shop.local');
  const id = orderIdParam(ORDER_RECEIVED_PATH.exec(url.pathname)?.[1]);
  const intentId = url.searchParams.get('payment_intent');
  if (id === null || !intentId) return false;
  const order = await checkout.orders.findWithKey(id, url.searchParams.get('key') ?? '');
  if (!order) return false;
  const settled = await settleReturn(checkout.orders, checkout.payments().stripe, order, intentId);
  if (!settled) return false;
  const context = contexts(request, reply);
  const { outcome } = settled;
  if (outcome.kind === 'failed') {
    await context.addNotice({ type: 'error', text: outcome.message });
    reply.redirect('/checkout/', 303);
    return true;
  }
  const session = await context.readSession();
  if (session && session.id === settled.order.sessionId && outcome.kind !== 'redirect') {
    await checkout.cart.empty(session.id);
    setCartCookies(reply, await checkout.cart.read(session.id));
  }
  return false;
}

import { z } from 'zod';
import { setCartCookies } from '../cart/cart.routes.ts';
import { ajaxCall, type AjaxCalls } from '../platform/http/ajax.ts';
import { readSession } from '../platform/http/request-session.ts';
import type { Shop } from '../shop.ts';
import { CHECKOUT_NONCE } from './nonces.ts';
import { placeOrder } from './place-order.ts';

export function checkoutAjaxCalls(shop: Shop): AjaxCalls {
  return new Map([
    [
      'checkout',
      ajaxCall({
        guard: { kind: 'nonce', action: CHECKOUT_NONCE },
        schema: z.record(
          z.string().max(200),
          z.union([z.string().max(10_000), z.array(z.string().max(1000)).max(50)]),
        ),
        async handle(form, request, reply) {
          const session = await readSession(request, shop.sessionDeps);
          const result = await placeOrder(shop.checkoutDeps, session?.id, form);
          if (result.result === 'failure') {
            return {
              result: 'failure',
              messages: `<ul class="woocommerce-error" role="alert">${result.messages.map((m) => `<li>${escapeHtml(m)}</li>`).join('')}</ul>`,
              errors: result.messages,
              field_errors: result.fieldErrors,
              refresh: false,
              reload: false,
            };
          }
          if (session) setCartCookies(reply, await shop.cart.read(session.id));
          return { result: 'success', redirect: result.redirect, order_id: result.order.id };
        },
      }),
    ],
  ]);
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

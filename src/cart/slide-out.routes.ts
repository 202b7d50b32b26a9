import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ajaxCall, assertNonce, type AjaxCalls } from '../platform/http/ajax.ts';
import { ensureSession, readSession } from '../platform/http/request-session.ts';
import { recordId, wholeNumber } from '../platform/http/validation.ts';
import { createNonce } from '../platform/nonce/nonce.ts';
import type { Shop } from '../shop.ts';
import { setCartCookies } from './cart.routes.ts';
import type { CartView } from './cart.service.ts';
import { SLIDE_OUT_NONCE } from './nonces.ts';
import { slideOutHtml } from './ui/fragments.tsx';

/**
 * The slide-out cart's calls (seed 000 §7): `refresh_cart` reads the cart (event refresh) or
 * changes it (update, remove, coupon: these carry the nonce the last refresh handed out), and the
 * panel's own `add_to_cart`. Both answer `count` and `html`, plus the cart and a fresh nonce.
 */
const refreshSchema = z.object({
  event: z.enum(['refresh', 'update', 'remove', 'coupon']).default('refresh'),
  key: z.string().max(100).default(''),
  quantity: wholeNumber(0, 1_000_000).optional(),
  security: z.string().max(64).optional(),
});

// Priced carts are memoised by content (cart.service.ts), so the same StoreCart object comes back
// for an unchanged cart: its panel markup is drawn once, not on every refresh.
const drawn = new WeakMap<object, string>();

function panelHtml(cart: CartView['store']): string {
  let html = drawn.get(cart);
  if (html === undefined) {
    html = slideOutHtml(cart);
    drawn.set(cart, html);
  }
  return html;
}

export function slideOutAjaxCalls(shop: Shop): AjaxCalls {
  async function answer(request: FastifyRequest, reply: FastifyReply, view: CartView) {
    const session = await readSession(request, shop.sessionDeps);
    reply.header('Cache-Control', 'no-store');
    return {
      count: view.totals.itemsCount,
      html: panelHtml(view.store),
      cart: view.store,
      cart_hash: view.hash,
      nonce: createNonce(shop.secret, SLIDE_OUT_NONCE, session?.id ?? ''),
    };
  }

  return new Map([
    [
      'refresh_cart',
      ajaxCall({
        guard: { kind: 'same-origin' },
        schema: refreshSchema,
        async handle(input, request, reply) {
          if (input.event === 'refresh') {
            const session = await readSession(request, shop.sessionDeps);
            return answer(request, reply, await shop.cart.read(session?.id));
          }
          await assertNonce(request, SLIDE_OUT_NONCE, shop.sessionDeps, input.security);
          const session = await ensureSession(request, reply, shop.sessionDeps);
          const view =
            input.event === 'update'
              ? await shop.cart.setQuantity(session.id, input.key, input.quantity ?? 1)
              : input.event === 'remove'
                ? await shop.cart.remove(session.id, input.key)
                : await shop.cart.applyCoupon(session.id, input.key);
          setCartCookies(reply, view);
          return answer(request, reply, view);
        },
      }),
    ],
    [
      'add_to_cart',
      ajaxCall({
        guard: { kind: 'same-origin' },
        schema: z.object({
          product_id: recordId,
          quantity: wholeNumber(1, 1_000_000).default(1),
        }),
        async handle(input, request, reply) {
          const session = await ensureSession(request, reply, shop.sessionDeps);
          const view = await shop.cart.add(session.id, {
            productId: input.product_id,
            quantity: input.quantity,
          });
          setCartCookies(reply, view);
          return answer(request, reply, view);
        },
      }),
    ],
  ]);
}

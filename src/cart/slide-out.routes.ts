import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ajaxCall, type AjaxCalls } from '../platform/http/ajax.ts';
import { requireNonce, type RequestContext } from '../platform/http/request-context.ts';
import { acceptedChange, addFromAjax, ajaxAddFields, type CartDoorDeps } from './cart.routes.ts';
import type { CartView } from './cart.service.ts';
import { SLIDE_OUT_NONCE } from './nonces.ts';
import { applyCoupon, removeCoupon, removeItem, setQuantity } from './operations.ts';
import { positiveQuantityField, quantityField } from './schemas.ts';
import { slideOutHtml } from './ui/fragments.tsx';

/**
 * The slide-out cart's calls (seed 000 §7): `refresh_cart` reads the cart (event refresh) or
 * changes it (update, remove, coupon, and remove_coupon for the panel's coupon lines: these carry
 * the nonce the last refresh handed out; a coupon's code travels in `key`), and the
 * panel's own `add_to_cart` (the product form's fields, a variation's included). Both answer
 * `count` and `html`, plus the cart and a fresh nonce; a refusal is a 4xx `{ code, message }`.
 */
const refreshSchema = z.object({
  event: z.enum(['refresh', 'update', 'remove', 'coupon', 'remove_coupon']).default('refresh'),
  key: z.string().max(100).default(''),
  quantity: quantityField.optional(),
  security: z.string().max(64).optional(),
});

// Priced carts are memoised by content (cart.service.ts), so the same StoreCart object comes back
// for an unchanged cart: its panel markup is drawn once, not on every refresh.
const drawn = new WeakMap<object, string>();

function panelHtml({ store, money }: CartView): string {
  let html = drawn.get(store);
  if (html === undefined) {
    html = slideOutHtml(store, money);
    drawn.set(store, html);
  }
  return html;
}

async function panelAnswer(context: RequestContext, reply: FastifyReply, view: CartView) {
  reply.header('Cache-Control', 'no-store');
  return {
    count: view.totals.itemsCount,
    html: panelHtml(view),
    cart: view.store,
    cart_hash: view.hash,
    nonce: await context.createNonce(SLIDE_OUT_NONCE),
  };
}

export function slideOutAjaxCalls({ operations, contexts }: CartDoorDeps): AjaxCalls {
  return new Map([
    [
      'refresh_cart',
      ajaxCall({
        guard: { kind: 'same-origin' },
        schema: refreshSchema,
        async handle(input, request, reply) {
          const context = contexts(request, reply);
          if (input.event === 'refresh') {
            const session = await context.readSession();
            return panelAnswer(context, reply, await operations.cart.read(session?.id));
          }
          await requireNonce(context, SLIDE_OUT_NONCE, input.security);
          const identity = { sessionId: (await context.ensureSession()).id, key: input.key };
          const changes = {
            update: () => setQuantity(operations, { ...identity, quantity: input.quantity ?? 1 }),
            remove: () => removeItem(operations, identity),
            coupon: () => applyCoupon(operations, { ...identity, code: input.key }),
            remove_coupon: () => removeCoupon(operations, { ...identity, code: input.key }),
          };
          const outcome = await changes[input.event]();
          return panelAnswer(context, reply, acceptedChange(reply, outcome).view);
        },
      }),
    ],
    [
      'add_to_cart',
      ajaxCall({
        guard: { kind: 'same-origin' },
        // The product form's fields as wc-ajax reads them; only a quantity the form allows (1 up).
        schema: ajaxAddFields.extend({ quantity: positiveQuantityField.default(1) }),
        async handle(input, request, reply) {
          const context = contexts(request, reply);
          const added = await addFromAjax(operations, context, input);
          return panelAnswer(context, reply, acceptedChange(reply, added).view);
        },
      }),
    ],
  ]);
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ShopError } from '../platform/errors/shop-error.ts';
import { ajaxCall, assertNonce, type AjaxCalls } from '../platform/http/ajax.ts';
import {
  acceptCartToken,
  ensureSession,
  readSession,
  sessionForWrite,
} from '../platform/http/request-session.ts';
import { assertSameOrigin } from '../platform/http/csrf.ts';
import { jsonOf, sendJsonText } from '../platform/http/json.ts';
import { assertNoNul, recordId, wholeNumber } from '../platform/http/validation.ts';
import type { App } from '../platform/http/server.ts';
import { format, messages } from '../platform/messages/index.ts';
import { createNonce } from '../platform/nonce/nonce.ts';
import { signCartToken } from '../platform/session/session.ts';
import type { Shop } from '../shop.ts';
import type { CartView } from './cart.service.ts';
import { COUPON_ERRORS, isCouponError } from './coupon.ts';
import { APPLY_COUPON_NONCE, CART_NONCE, REMOVE_COUPON_NONCE, STORE_API_NONCE } from './nonces.ts';
import { cartFragments } from './ui/fragments.tsx';

export const ITEMS_IN_CART_COOKIE = 'woocommerce_items_in_cart';
export const CART_HASH_COOKIE = 'woocommerce_cart_hash';

const quantity = wholeNumber(0, 1_000_000);
const productId = recordId;
const couponCode = z.string().max(200);

/** WooCommerce's cookies that tell scripts (not the server) whether the visitor has a cart. */
export function setCartCookies(reply: FastifyReply, view: CartView): void {
  const options = { path: '/', sameSite: 'lax' as const };
  if (view.totals.itemsCount > 0) {
    reply.setCookie(ITEMS_IN_CART_COOKIE, '1', options);
    reply.setCookie(CART_HASH_COOKIE, view.hash, options);
  } else {
    reply.clearCookie(ITEMS_IN_CART_COOKIE, options);
    reply.clearCookie(CART_HASH_COOKIE, options);
  }
}

function variationAttributes(body: Record<string, unknown>): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (name.startsWith('attribute_') && typeof value === 'string')
      chosen[name.slice('attribute_'.length)] = value;
  }
  return chosen;
}

/** Attribute values keyed by the product's attribute names (the form sends `attribute_size`). */
function byAttributeName(chosen: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(chosen).map(([key, value]) => [
      key.charAt(0).toUpperCase() + key.slice(1),
      value,
    ]),
  );
}

/** Stands in for the remove nonce in memoised fragments: not hex, so never a real nonce. */
const NONCE_STAND_IN = 'NONCE-STAND-IN';
const fragmentMarkup = new WeakMap<CartView['store'], Record<string, string>>();
const fragmentJson = new WeakMap<CartView['store'], string>();

function markupOf(store: CartView['store']): Record<string, string> {
  let markup = fragmentMarkup.get(store);
  if (!markup) {
    markup = cartFragments(store, NONCE_STAND_IN);
    fragmentMarkup.set(store, markup);
  }
  return markup;
}

function withNonce(text: string, nonce: string): string {
  return text.replaceAll(`_wpnonce=${NONCE_STAND_IN}`, `_wpnonce=${nonce}`);
}

/**
 * The cart fragments for a priced cart and a visitor's remove nonce. Priced carts are memoised by
 * content, so their markup is drawn once, with a stand-in where the nonce goes (remove links'
 * `_wpnonce=`); each answer puts the visitor's nonce (hex digits: nothing to escape) in its place.
 */
export function fragmentsFor(store: CartView['store'], nonce: string): Record<string, string> {
  const fragments: Record<string, string> = {};
  for (const [selector, html] of Object.entries(markupOf(store))) {
    fragments[selector] = withNonce(html, nonce);
  }
  return fragments;
}

/**
 * The wc-ajax cart answer (fragments, remove_nonce, cart_hash, cart and, for adds,
 * success_message) as JSON text, as JSON.stringify would write it: the fragments' and the
 * cart's JSON are made once per priced cart, so an answer costs no serialisation of them.
 */
export function cartAnswerJson(view: CartView, nonce: string, successMessage?: string): string {
  let fragments = fragmentJson.get(view.store);
  if (fragments === undefined) {
    fragments = JSON.stringify(markupOf(view.store));
    fragmentJson.set(view.store, fragments);
  }
  const message =
    successMessage === undefined ? '' : `,"success_message":${JSON.stringify(successMessage)}`;
  return (
    `{"fragments":${withNonce(fragments, nonce)},"remove_nonce":${JSON.stringify(nonce)},` +
    `"cart_hash":${JSON.stringify(view.hash)},"cart":${jsonOf(view.store)}${message}}`
  );
}

export function cartAjaxCalls(shop: Shop): AjaxCalls {
  /** For remove links the page draws itself too (their no-JavaScript fallback needs the nonce). */
  const answer = (reply: FastifyReply, view: CartView, sessionId: string, message?: string) =>
    sendJsonText(
      reply,
      cartAnswerJson(view, createNonce(shop.secret, CART_NONCE, sessionId), message),
    );

  return new Map([
    [
      'add_to_cart',
      ajaxCall({
        guard: { kind: 'same-origin' },
        schema: z.looseObject({
          product_id: productId,
          quantity: quantity.default(1),
          variation_id: productId.optional(),
        }),
        async handle(input, request, reply) {
          const { session, unsaved } = await sessionForWrite(request, reply, shop.sessionDeps);
          const view = await shop.cart
            .add(
              session.id,
              {
                productId: input.product_id,
                quantity: input.quantity,
                variationId: input.variation_id,
                attributes: byAttributeName(variationAttributes(input)),
              },
              unsaved ? session : undefined,
            )
            .catch(async (error: unknown) => {
              // Seed 000 §8: an error with product_url sends the browser to the product page.
              if (!(error instanceof ShopError)) throw error;
              const product = await shop.catalog.productById(input.product_id);
              const parent = product?.parentId
                ? await shop.catalog.productById(product.parentId)
                : product;
              throw new ShopError(error.code, error.message, error.status, {
                ...error.data,
                error: true,
                ...(parent ? { product_url: `/product/${parent.slug}/` } : {}),
              });
            });
          setCartCookies(reply, view);
          return answer(
            reply,
            view,
            session.id,
            format(messages.addedToCart, { name: view.product.name }),
          );
        },
      }),
    ],
    [
      'remove_from_cart',
      ajaxCall({
        guard: { kind: 'same-origin' },
        schema: z.object({ cart_item_key: z.string().min(1).max(64) }),
        async handle(input, request, reply) {
          const session = await ensureSession(request, reply, shop.sessionDeps);
          const view = await shop.cart.remove(session.id, input.cart_item_key);
          setCartCookies(reply, view);
          return answer(reply, view, session.id);
        },
      }),
    ],
    [
      // Seed 001 §3 and §7: security, coupon_code, billing_email; answers the notice's HTML.
      'apply_coupon',
      ajaxCall({
        guard: { kind: 'nonce', action: APPLY_COUPON_NONCE },
        schema: z.object({
          coupon_code: couponCode.default(''),
          billing_email: z.string().max(254).optional(),
        }),
        async handle(input, request, reply) {
          const session = await ensureSession(request, reply, shop.sessionDeps);
          return noticeAnswer(reply, async () => {
            const view = await shop.cart.applyCoupon(
              session.id,
              input.coupon_code,
              input.billing_email,
            );
            setCartCookies(reply, view);
            return messages.couponApplied;
          });
        },
      }),
    ],
    [
      // Seed 001 §3 and §7: security, coupon; answers the notice's HTML.
      'remove_coupon',
      ajaxCall({
        guard: { kind: 'nonce', action: REMOVE_COUPON_NONCE },
        schema: z.object({ coupon: couponCode.default('') }),
        async handle(input, request, reply) {
          const session = await ensureSession(request, reply, shop.sessionDeps);
          return noticeAnswer(reply, async () => {
            const view = await shop.cart.removeCoupon(session.id, input.coupon);
            setCartCookies(reply, view);
            return messages.couponRemoved;
          });
        },
      }),
    ],
  ]);
}

/**
 * WooCommerce's coupon calls answer the notice itself as HTML: a success message, or on a
 * refusal the error list (with a 400) that the page shows under the coupon field.
 */
async function noticeAnswer(reply: FastifyReply, run: () => Promise<string>): Promise<string> {
  let html: string;
  try {
    html = `<div class="woocommerce-message" role="alert">${escapeHtml(await run())}</div>`;
  } catch (error) {
    if (!(error instanceof ShopError)) throw error;
    reply.status(400);
    html = `<ul class="woocommerce-error" role="alert"><li>${escapeHtml(error.message)}</li></ul>`;
  }
  reply.type('text/html; charset=utf-8');
  return html;
}

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Coupon refusals under the Store API's codes (WooCommerce's CartApplyCoupon/CartRemoveCoupon). */
function storeApiCouponError(error: unknown): never {
  if (!isCouponError(error)) throw error;
  if (error.code === COUPON_ERRORS.notApplied) {
    throw new ShopError('woocommerce_rest_cart_coupon_invalid_code', error.message, 409);
  }
  throw new ShopError('woocommerce_rest_cart_coupon_error', error.message, 400);
}

export function registerStoreApiCartRoutes(app: App, shop: Shop): void {
  async function respond(request: FastifyRequest, reply: FastifyReply, view: CartView) {
    const session = await readSession(request, shop.sessionDeps);
    reply.header('Nonce', createNonce(shop.secret, STORE_API_NONCE, session?.id ?? ''));
    reply.header('Nonce-Timestamp', String(Math.floor(Date.now() / 1000)));
    if (session) reply.header('Cart-Token', signCartToken(shop.secret, session.id));
    reply.header('Cache-Control', 'no-store');
    return sendJsonText(reply, jsonOf(view.store));
  }

  async function writeGuard(request: FastifyRequest) {
    assertSameOrigin(request);
    assertNoNul(request.body);
    await assertNonce(request, STORE_API_NONCE, shop.sessionDeps, headerNonce(request));
  }

  app.get('/wc/store/v1/cart', { onRequest: acceptCartToken }, async (request, reply) => {
    const session = await readSession(request, shop.sessionDeps);
    return respond(request, reply, await shop.cart.read(session?.id));
  });

  /** A Store API write: origin and nonce checked, the session's cart changed, the cart answered. */
  function storeWrite<S extends z.ZodType>(
    path: string,
    body: S,
    change: (sessionId: string, input: z.infer<S>) => Promise<CartView>,
    status = 200,
  ): void {
    app.post(path, { schema: { body }, onRequest: acceptCartToken }, async (request, reply) => {
      await writeGuard(request);
      const session = await ensureSession(request, reply, shop.sessionDeps);
      const view = await change(session.id, request.body as z.infer<S>);
      setCartCookies(reply, view);
      reply.status(status);
      return respond(request, reply, view);
    });
  }

  const variation = z
    .array(z.object({ attribute: z.string().max(100), value: z.string().max(200) }))
    .max(20)
    .optional();
  storeWrite(
    '/wc/store/v1/cart/add-item',
    z.object({ id: productId, quantity: quantity.default(1), variation }),
    (sessionId, input) => {
      const attributes =
        input.variation &&
        Object.fromEntries(
          input.variation.map((v) => [v.attribute.replace(/^attribute_/, ''), v.value]),
        );
      return shop.cart.add(sessionId, {
        productId: input.id,
        quantity: input.quantity,
        attributes: attributes && byAttributeName(attributes),
      });
    },
    201,
  );
  const itemKey = z.string().min(1).max(64);
  storeWrite('/wc/store/v1/cart/remove-item', z.object({ key: itemKey }), (sessionId, input) =>
    shop.cart.remove(sessionId, input.key),
  );
  storeWrite(
    '/wc/store/v1/cart/update-item',
    z.object({ key: itemKey, quantity }),
    (sessionId, input) => shop.cart.setQuantity(sessionId, input.key, input.quantity),
  );
  storeWrite('/wc/store/v1/cart/apply-coupon', z.object({ code: couponCode }), (sessionId, input) =>
    shop.cart.applyCoupon(sessionId, input.code).catch(storeApiCouponError),
  );
  storeWrite(
    '/wc/store/v1/cart/remove-coupon',
    z.object({ code: couponCode }),
    (sessionId, input) => shop.cart.removeCoupon(sessionId, input.code).catch(storeApiCouponError),
  );
}

function headerNonce(request: FastifyRequest): string | undefined {
  const value = request.headers['nonce'];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The no-JavaScript add: `?add-to-cart={id}` on any page adds and redirects back without the
 * parameter (or to the cart), with a notice waiting for the next page.
 */
export async function handleAddToCartLink(
  shop: Shop,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  if (request.method !== 'GET' || !request.url.includes('add-to-cart=')) return false;
  const url = new URL(request.url, 'http://shop.local');
  const raw = url.searchParams.get('add-to-cart');
  if (raw === null) return false;
  url.searchParams.delete('add-to-cart');
  const quantityParam = url.searchParams.get('quantity');
  url.searchParams.delete('quantity');
  const back = url.pathname + (url.search || '');
  const parsedId = productId.safeParse(raw);
  const parsedQty = quantity.safeParse(quantityParam ?? '1');
  try {
    assertSameOrigin(request);
  } catch {
    reply.redirect(back, 303);
    return true;
  }
  const session = await ensureSession(request, reply, shop.sessionDeps);
  if (!parsedId.success || !parsedQty.success || parsedQty.data < 1) {
    await shop.sessions.addNotice(session.id, { type: 'error', text: messages.invalidQuantity });
    reply.redirect(back, 303);
    return true;
  }
  try {
    const view = await shop.cart.add(session.id, {
      productId: parsedId.data,
      quantity: parsedQty.data,
    });
    setCartCookies(reply, view);
    await shop.sessions.addNotice(session.id, {
      type: 'success',
      text: format(messages.addedToCart, { name: view.product.name }),
      link: { href: '/cart/', label: messages.viewCart },
    });
    // As WooCommerce's cart_redirect_after_add; a Buy now that lands on checkout stays there.
    if ((await shop.settings.read()).cartRedirectAfterAdd && !back.startsWith('/checkout/')) {
      reply.redirect('/cart/', 303);
      return true;
    }
  } catch (error) {
    const refusal = error as { message?: string; data?: { product_url?: string } };
    await shop.sessions.addNotice(session.id, {
      type: 'error',
      text: refusal.message ?? messages.unknownError,
    });
    if (refusal.data?.product_url) {
      reply.redirect(refusal.data.product_url, 303);
      return true;
    }
  }
  reply.redirect(back, 303);
  return true;
}

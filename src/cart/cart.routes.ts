import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ShopError } from '../platform/errors/shop-error.ts';
import { ajaxCall, type AjaxCalls, type AjaxGuard } from '../platform/http/ajax.ts';
import { acceptCartToken } from '../platform/http/request-session.ts';
import {
  requireNonce,
  type RequestContext,
  type RequestContexts,
} from '../platform/http/request-context.ts';
import { assertSameOrigin } from '../platform/http/csrf.ts';
import { jsonOf, sendJsonText } from '../platform/http/json.ts';
import { errorListHtml, messageHtml } from '../platform/http/notices.ts';
import { assertNoNul } from '../platform/http/validation.ts';
import type { App } from '../platform/http/server.ts';
import { messages } from '../platform/messages/index.ts';
import type { MoneyFormat } from '../platform/money/money.ts';
import { addWithNotice } from './add-with-notice.ts';
import type { CartView } from './cart.service.ts';
import { COUPON_ERRORS, isCouponErrorCode } from './coupon.ts';
import { APPLY_COUPON_NONCE, CART_NONCE, REMOVE_COUPON_NONCE, STORE_API_NONCE } from './nonces.ts';
import {
  addItem,
  applyCoupon,
  removeCoupon,
  removeItem,
  setQuantity,
  type CartIdentity,
  type CartOperationDeps,
  type CartOutcome,
  type CartRefusal,
} from './operations.ts';
import {
  addItemInput,
  attributesByName,
  billingEmailField,
  couponCodeField,
  couponInput,
  itemKeyField,
  positiveQuantityField,
  productIdField,
  quantityField,
  removeItemInput,
  setQuantityInput,
} from './schemas.ts';
import { cartFragments } from './ui/fragments.tsx';

const ITEMS_IN_CART_COOKIE = 'woocommerce_items_in_cart';
const CART_HASH_COOKIE = 'woocommerce_cart_hash';

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

/** Stands in for the remove nonce in memoised fragments: not hex, so never a real nonce. */
const NONCE_STAND_IN = 'NONCE-STAND-IN';
const fragmentMarkup = new WeakMap<CartView['store'], Record<string, string>>();
const fragmentJson = new WeakMap<CartView['store'], string>();

function markupOf(store: CartView['store'], money?: MoneyFormat): Record<string, string> {
  let markup = fragmentMarkup.get(store);
  if (!markup) {
    markup = cartFragments(store, NONCE_STAND_IN, money);
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
export function fragmentsFor(
  store: CartView['store'],
  nonce: string,
  money?: MoneyFormat,
): Record<string, string> {
  const fragments: Record<string, string> = {};
  for (const [selector, html] of Object.entries(markupOf(store, money))) {
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
    fragments = JSON.stringify(markupOf(view.store, view.money));
    fragmentJson.set(view.store, fragments);
  }
  const message =
    successMessage === undefined ? '' : `,"success_message":${JSON.stringify(successMessage)}`;
  return (
    `{"fragments":${withNonce(fragments, nonce)},"remove_nonce":${JSON.stringify(nonce)},` +
    `"cart_hash":${JSON.stringify(view.hash)},"cart":${jsonOf(view.store)}${message}}`
  );
}

/** What the cart's doors need: the cart's operations and each request's context. */
export interface CartDoorDeps {
  operations: CartOperationDeps;
  contexts: RequestContexts;
}

/** A refusal as the edge's error: `{ code, message, ...data }` with its status. */
function refusalError(refusal: CartRefusal, data: Record<string, unknown> = {}): ShopError {
  const status = refusal.kind === 'missing' ? 404 : refusal.kind === 'conflict' ? 409 : 400;
  return new ShopError(refusal.code, refusal.message, status, data);
}

/** The glue of a cart write: an accepted change sets the cart cookies, a refusal is thrown. */
export function acceptedChange<T>(reply: FastifyReply, outcome: CartOutcome<T>) {
  if (!outcome.ok) throw refusalError(outcome);
  setCartCookies(reply, outcome.view);
  return outcome;
}

/** The cart answer, with the remove nonce the page draws too (for its no-JavaScript links). */
async function cartAnswer(
  context: RequestContext,
  reply: FastifyReply,
  view: CartView,
  notice?: string,
) {
  const nonce = await context.createNonce(CART_NONCE);
  return sendJsonText(reply, cartAnswerJson(view, nonce, notice));
}

/** A wc-ajax cart call: its body parsed by the schema, the request's context at hand. */
function cartCall<S extends z.ZodType>(
  deps: CartDoorDeps,
  guard: AjaxGuard,
  schema: S,
  handle: (input: z.infer<S>, context: RequestContext, reply: FastifyReply) => Promise<unknown>,
) {
  return ajaxCall({
    guard,
    schema,
    handle: (input, request, reply) => handle(input, deps.contexts(request, reply), reply),
  });
}

/**
 * What an ajax add sends (the listing's buttons, the product form): the product, a quantity and,
 * for a variable product, its variation id or the chosen `attribute_*` fields, which the loose
 * object keeps for `attributesByName`. Both ajax doors (wc-ajax, the slide-out's admin-ajax)
 * read it.
 */
export const ajaxAddFields = z.looseObject({
  product_id: productIdField,
  quantity: quantityField.default(1),
  variation_id: productIdField.optional(),
});

/**
 * An ajax add to the visitor's cart. A visitor without a session gets one that the add itself
 * stores, so a refused first add stores nothing.
 */
export async function addFromAjax(
  operations: CartOperationDeps,
  context: RequestContext,
  fields: z.infer<typeof ajaxAddFields>,
) {
  const { session, unsaved } = await context.sessionForWrite();
  return addItem(operations, {
    sessionId: session.id,
    unsavedSession: unsaved ? session : undefined,
    productId: fields.product_id,
    quantity: fields.quantity,
    variationId: fields.variation_id,
    attributes: attributesByName(fields),
  });
}

export function cartAjaxCalls(deps: CartDoorDeps): AjaxCalls {
  const { operations } = deps;
  return new Map([
    [
      'add_to_cart',
      cartCall(deps, { kind: 'same-origin' }, ajaxAddFields, async (input, context, reply) => {
        const stored = await context.readSession();
        const added = await addFromAjax(operations, context, input);
        // Seed 000 §8: an error with product_url sends the browser to the product page, which
        // shows why (WooCommerce keeps the reason as a notice for the next page). Only in a
        // session the visitor already has: a refused first add stores nothing.
        if (!added.ok) {
          if (added.productUrl && stored)
            await context.addNotice({ type: 'error', text: added.message });
          throw refusalError(added, { error: true, product_url: added.productUrl });
        }
        setCartCookies(reply, added.view);
        return cartAnswer(context, reply, added.view, added.notice);
      }),
    ],
    [
      'remove_from_cart',
      cartCall(
        deps,
        { kind: 'same-origin' },
        z.object({ cart_item_key: itemKeyField }),
        async (input, context, reply) => {
          const { id } = await context.ensureSession();
          const removed = acceptedChange(
            reply,
            await removeItem(operations, { sessionId: id, key: input.cart_item_key }),
          );
          return cartAnswer(context, reply, removed.view);
        },
      ),
    ],
    [
      // Seed 001 §3 and §7: security, coupon_code, billing_email; answers the notice's HTML.
      'apply_coupon',
      cartCall(
        deps,
        { kind: 'nonce', action: APPLY_COUPON_NONCE },
        z.object({
          coupon_code: couponCodeField.default(''),
          billing_email: billingEmailField.optional(),
        }),
        async (input, context, reply) => {
          const { id } = await context.ensureSession();
          const applied = await applyCoupon(operations, {
            sessionId: id,
            code: input.coupon_code,
            billingEmail: input.billing_email,
          });
          return noticeAnswer(reply, applied);
        },
      ),
    ],
    [
      // Seed 001 §3 and §7: security, coupon; answers the notice's HTML.
      'remove_coupon',
      cartCall(
        deps,
        { kind: 'nonce', action: REMOVE_COUPON_NONCE },
        z.object({ coupon: couponCodeField.default('') }),
        async (input, context, reply) => {
          const { id } = await context.ensureSession();
          return noticeAnswer(
            reply,
            await removeCoupon(operations, { sessionId: id, code: input.coupon }),
          );
        },
      ),
    ],
  ]);
}

/**
 * WooCommerce's coupon calls answer the notice itself as HTML: a success message, or on a
 * refusal the error list (with a 400) that the page shows under the coupon field.
 */
function noticeAnswer(reply: FastifyReply, outcome: CartOutcome): string {
  reply.type('text/html; charset=utf-8');
  if (outcome.ok) {
    setCartCookies(reply, outcome.view);
    return messageHtml(outcome.notice);
  }
  reply.status(400);
  return errorListHtml([outcome.message]);
}

/** Coupon refusals under the Store API's codes (WooCommerce's CartApplyCoupon/CartRemoveCoupon). */
function storeApiRefusal(refusal: CartRefusal): ShopError {
  if (!isCouponErrorCode(refusal.code)) return refusalError(refusal);
  if (refusal.code === COUPON_ERRORS.notApplied) {
    return new ShopError('woocommerce_rest_cart_coupon_invalid_code', refusal.message, 409);
  }
  return new ShopError('woocommerce_rest_cart_coupon_error', refusal.message, 400);
}

export function registerStoreApiCartRoutes(app: App, deps: CartDoorDeps): void {
  const { operations } = deps;
  async function respond(context: RequestContext, reply: FastifyReply, view: CartView) {
    const session = await context.readSession();
    reply.header('Nonce', await context.createNonce(STORE_API_NONCE));
    reply.header('Nonce-Timestamp', String(Math.floor(Date.now() / 1000)));
    if (session) reply.header('Cart-Token', context.cartToken(session.id));
    reply.header('Cache-Control', 'no-store');
    return sendJsonText(reply, jsonOf(view.store));
  }

  app.get('/wc/store/v1/cart', { onRequest: acceptCartToken }, async (request, reply) => {
    const context = deps.contexts(request, reply);
    const session = await context.readSession();
    return respond(context, reply, await operations.cart.read(session?.id));
  });

  /** A Store API write: origin and nonce checked, an operation on the session's cart, the cart answered. */
  function storeWrite<S extends z.ZodType>(
    path: string,
    body: S,
    change: (identity: CartIdentity, input: z.infer<S>) => Promise<CartOutcome>,
    status = 200,
  ): void {
    app.post(path, { schema: { body }, onRequest: acceptCartToken }, async (request, reply) => {
      assertSameOrigin(request);
      assertNoNul(request.body);
      const context = deps.contexts(request, reply);
      await requireNonce(context, STORE_API_NONCE, headerNonce(request));
      const { id } = await context.ensureSession();
      const outcome = await change({ sessionId: id }, request.body as z.infer<S>);
      if (!outcome.ok) throw storeApiRefusal(outcome);
      setCartCookies(reply, outcome.view);
      reply.status(status);
      return respond(context, reply, outcome.view);
    });
  }

  const variation = z
    .array(z.object({ attribute: z.string().max(100), value: z.string().max(200) }))
    .max(20)
    .optional();
  storeWrite(
    '/wc/store/v1/cart/add-item',
    z.object({ id: productIdField, quantity: quantityField.default(1), variation }),
    (identity, input) =>
      addItem(operations, {
        ...identity,
        productId: input.id,
        quantity: input.quantity,
        attributes:
          input.variation &&
          attributesByName(
            Object.fromEntries(
              input.variation.map((v) => [
                `attribute_${v.attribute.replace(/^attribute_/, '')}`,
                v.value,
              ]),
            ),
          ),
      }),
    201,
  );
  storeWrite('/wc/store/v1/cart/remove-item', removeItemInput, (identity, input) =>
    removeItem(operations, { ...identity, ...input }),
  );
  storeWrite('/wc/store/v1/cart/update-item', setQuantityInput, (identity, input) =>
    setQuantity(operations, { ...identity, ...input }),
  );
  storeWrite('/wc/store/v1/cart/apply-coupon', couponInput, (identity, input) =>
    applyCoupon(operations, { ...identity, code: input.code }),
  );
  storeWrite('/wc/store/v1/cart/remove-coupon', couponInput, (identity, input) =>
    removeCoupon(operations, { ...identity, ...input }),
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
  deps: CartDoorDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const link = addToCartLink(request);
  if (!link) return false;
  const context = deps.contexts(request, reply);
  const to = sameOrigin(request)
    ? await addFromLink(deps.operations, context, link, reply)
    : link.back;
  reply.redirect(to, 303);
  return true;
}

function sameOrigin(request: FastifyRequest): boolean {
  try {
    assertSameOrigin(request);
    return true;
  } catch {
    return false;
  }
}

interface AddToCartLink {
  back: string;
  input: { productId: unknown; quantity: unknown };
}

function addToCartLink(request: FastifyRequest): AddToCartLink | undefined {
  if (request.method !== 'GET' || !request.url.includes('add-to-cart=')) return undefined;
  const url = new URL(request.url, 'http://shop.local');
  const productId = url.searchParams.get('add-to-cart');
  if (productId === null) return undefined;
  const quantity = url.searchParams.get('quantity') ?? '1';
  url.searchParams.delete('add-to-cart');
  url.searchParams.delete('quantity');
  return { back: url.pathname + (url.search || ''), input: { productId, quantity } };
}

/** Adds what the link names; answers where to go next. */
async function addFromLink(
  operations: CartOperationDeps,
  context: RequestContext,
  { back, input }: AddToCartLink,
  reply: FastifyReply,
): Promise<string> {
  const parsed = addItemInput.extend({ quantity: positiveQuantityField }).safeParse(input);
  if (!parsed.success) {
    await context.addNotice({ type: 'error', text: messages.invalidQuantity });
    return back;
  }
  const changed = (view: CartView) => setCartCookies(reply, view);
  return addWithNotice(operations, context, parsed.data, { back, changed });
}

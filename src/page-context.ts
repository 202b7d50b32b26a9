import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import { setCartCookies } from './cart/cart.routes.ts';
import type { CartView } from './cart/cart.service.ts';
import { CART_NONCE } from './cart/nonces.ts';
import type { CartOperationDeps } from './cart/operations.ts';
import { addFromProductForm } from './cart/product-form.ts';
import type { CatalogSelling } from './catalog/selling.ts';
import { formPagePost } from './forms/forms.routes.ts';
import type { FormPagePost } from './forms/page-post.ts';
import type { RequestContext } from './platform/http/request-context.ts';
import { createNonce } from './platform/nonce/nonce.ts';
import type { Session } from './platform/session/session.ts';
import type { Shop } from './shop.ts';

/** What every page loader and action receives as `context`. */
export interface PageContext {
  shop: Shop;
  /** What this request knows (session, nonces, settings, client IP), as routes see it. */
  request: RequestContext;
  /** What the cart's operations use (page actions call them as every other door does). */
  cartOperations: CartOperationDeps;
  session: Session | undefined;
  /** Creates the visitor's session (and its cookie) when an action first needs one. */
  ensureSession(): Promise<Session>;
  nonce(action: string): string;
  /** This response's Content-Security-Policy nonce, which the page's own scripts carry. */
  scriptNonce: string;
  /** Keeps the browser's cart cookies in step after a page action changed the cart. */
  cartChanged(view: CartView): void;
  /** What the catalog's pages need of the cart, as the catalog states it (catalog/selling.ts). */
  selling: CatalogSelling;
  /** The visitor's address (behind a trusted proxy, the forwarded one): per-IP limits. */
  clientIp?: string;
  /** What the form page's own post (read by its door, uploads and all) came to. */
  formPost?: FormPagePost | undefined;
  /** The request's log (its lines carry the request id): where the page's errors are written. */
  log: FastifyBaseLogger;
}

/** Arguments of every page loader and action, with the shop's context typed. */
export type PageLoaderArgs = LoaderFunctionArgs<PageContext>;
export type PageActionArgs = ActionFunctionArgs<PageContext>;

export async function pageContext(
  shop: Shop,
  request: FastifyRequest,
  reply: FastifyReply,
  scriptNonce: string,
): Promise<PageContext> {
  const requestContext = shop.requestContexts(request, reply);
  const context: PageContext = {
    shop,
    request: requestContext,
    cartOperations: shop.cartOperations,
    session: await requestContext.readSession(),
    async ensureSession() {
      const session = await requestContext.ensureSession();
      context.session = session;
      return session;
    },
    nonce: (action) => createNonce(shop.secret, action, context.session?.id ?? ''),
    scriptNonce,
    cartChanged: (view) => setCartCookies(reply, view),
    selling: {
      addFromProductForm: (fields, back) =>
        addFromProductForm(shop.cartOperations, requestContext, fields, {
          back,
          changed: context.cartChanged,
        }),
      miniCartRemoveNonce: () => context.nonce(CART_NONCE),
    },
    clientIp: requestContext.clientIp,
    formPost: formPagePost(request),
    log: request.log,
  };
  return context;
}

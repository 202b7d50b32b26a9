import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { mountTestProcessor } from '@shop/test-processor';
import type { ServerBuild } from 'react-router';
import {
  cartAjaxCalls,
  handleAddToCartLink,
  type CartDoorDeps,
  registerStoreApiCartRoutes,
} from './cart/cart.routes.ts';
import { slideOutAjaxCalls } from './cart/slide-out.routes.ts';
import { accountAjaxCalls, type AccountDoorDeps } from './accounts/accounts.routes.ts';
import {
  checkoutAjaxCalls,
  handleRedirectReturn,
  type CheckoutDoorDeps,
} from './checkout/checkout.routes.ts';
import { registerContentRoutes } from './content/content.routes.ts';
import { registerEmbedRoutes } from './forms/embed/embed.routes.ts';
import { formAjaxCalls, registerFormRoutes } from './forms/forms.routes.ts';
import { pageContext } from './page-context.ts';
import { paymentEventsRepo } from './payments/payment-events.repo.ts';
import {
  paymentAjaxCalls,
  registerWebhookRoute,
  WEBHOOK_PATH,
  type PaymentDoorDeps,
} from './payments/payment.routes.ts';
import { hasConsentChoice } from './platform/consent/consent.ts';
import { registerConsentRoute } from './platform/consent/consent.routes.ts';
import { registerAjaxRoutes, type AjaxCalls } from './platform/http/ajax.ts';
import { registerMultipartBodies } from './platform/http/multipart.ts';
import { contentSecurityPolicy, scriptNonce } from './platform/http/content-security-policy.ts';
import { createPages, registerPageRoutes } from './platform/http/pages.ts';
import { hasSessionToken } from './platform/http/request-session.ts';
import { recordRoutes } from './platform/http/routes.ts';
import { registerShopIcon } from './platform/http/shop-icon.ts';
import { createHttpServer, type App } from './platform/http/server.ts';
import type { Shop } from './shop.ts';
import {
  FORM_MAX_FIELD_BYTES,
  FORM_MAX_FIELDS,
  FORM_MAX_FILES,
  FORM_POST_MAX_BYTES_CEILING,
  FORM_UPLOAD_MAX_MB,
} from './platform/constants/index.ts';

/** Multipart bodies (forms with uploads): what the server reads at most, whatever the form. */
const FORM_BODY_LIMITS = {
  totalBytes: FORM_POST_MAX_BYTES_CEILING,
  fileBytes: FORM_UPLOAD_MAX_MB * 1_048_576,
  files: FORM_MAX_FILES,
  fields: FORM_MAX_FIELDS,
  fieldBytes: FORM_MAX_FIELD_BYTES,
};

export interface ServerOptions {
  /** React Router's server build; without it the server answers the JSON calls only (API tests). */
  build?: ServerBuild | undefined;
  /** Where the browser assets of that build are (build/client). */
  clientDir?: string | undefined;
  /** Vite's dev middleware (`npm run dev`): it serves the browser modules, before any route. */
  devMiddleware?: DevMiddleware | undefined;
}

type DevMiddleware = (
  request: IncomingMessage,
  response: ServerResponse,
  next: (error?: unknown) => void,
) => void;

/** The narrow dependencies of the cart's doors. */
function cartDoors(shop: Shop): CartDoorDeps {
  return { operations: shop.cartOperations, contexts: shop.requestContexts };
}

/** The narrow dependencies of the checkout's doors. */
function checkoutDoors(shop: Shop): CheckoutDoorDeps {
  return { checkout: shop.checkoutDeps, contexts: shop.requestContexts };
}

/** The narrow dependencies of the gateway's doors. */
function paymentDoors(shop: Shop): PaymentDoorDeps {
  return {
    payments: shop.payments,
    orders: shop.orders,
    settlement: shop.settlement,
    attempts: shop.paymentAttempts,
    contexts: shop.requestContexts,
    settings: shop.settings,
    recordEvent: paymentEventsRepo(shop.db).record,
  };
}

/** The narrow dependencies of accounts' doors. */
function accountDoors(shop: Shop): AccountDoorDeps {
  return { accounts: shop.accounts, contexts: shop.requestContexts };
}

/** The narrow dependencies of the form builder's doors. */
function formDoors(shop: Shop) {
  return { forms: shop.forms };
}

/** Every wc-ajax and admin-ajax call, by endpoint or action name. */
export function wireCalls(shop: Shop): { wcAjax: AjaxCalls; adminAjax: AjaxCalls } {
  return {
    wcAjax: new Map([
      ...cartAjaxCalls(cartDoors(shop)),
      ...checkoutAjaxCalls(checkoutDoors(shop)),
      ...paymentAjaxCalls(paymentDoors(shop)),
    ]),
    adminAjax: new Map([
      ...slideOutAjaxCalls(cartDoors(shop)),
      ...accountAjaxCalls(accountDoors(shop)),
      ...formAjaxCalls(formDoors(shop)),
    ]),
  };
}

/** The one Fastify server: static files, the test processor, ajax and Store API calls, then pages. */
export async function buildServer(shop: Shop, options: ServerOptions = {}): Promise<App> {
  const pages =
    options.build &&
    createPages({
      build: options.build,
      mode: shop.config.production ? 'production' : 'development',
      hasSession: hasSessionToken,
      loadContext: (request, reply, scriptNonce) => pageContext(shop, request, reply, scriptNonce),
      contentSecurityPolicy: { stripe: !shop.payments.testMode },
      beforeRender: async (request, reply) =>
        (await handleAddToCartLink(cartDoors(shop), request, reply)) ||
        handleRedirectReturn(checkoutDoors(shop), request, reply),
      // The consent banner is rendered open until the visitor has chosen.
      cacheVariant: (headers) => (hasConsentChoice(headers.cookie) ? 'consent-chosen' : ''),
    });
  const app = await createHttpServer(shop.log, {
    trustProxy: shop.config.trustProxy,
    answerEarly: pages ? pages.answerFromCache : undefined,
  });
  recordRoutes(app);
  await registerMultipartBodies(app, FORM_BODY_LIMITS);
  if (options.devMiddleware) {
    const { default: middie } = await import('@fastify/middie');
    await app.register(middie);
    app.use(options.devMiddleware);
  }

  if (options.clientDir) {
    await app.register(fastifyStatic, {
      root: path.join(options.clientDir, 'assets'),
      prefix: '/assets/',
      // The build's brotli and gzip copies, for browsers that accept them.
      preCompressed: true,
      immutable: true,
      maxAge: '365d',
      decorateReply: false,
    });
    await registerShopIcon(app, options.clientDir);
  }
  await app.register(fastifyStatic, {
    root: path.join(shop.config.dataDir, 'media'),
    prefix: '/media/',
    maxAge: '30d',
    decorateReply: false,
  });

  if (shop.payments.testMode) {
    mountTestProcessor(app, {
      db: shop.db,
      kind: shop.kind,
      webhookUrl: () => `http://${shop.address.host}:${shop.address.port}${WEBHOOK_PATH}`,
      pagePolicy: () => contentSecurityPolicy({ stripe: false }, scriptNonce()),
    });
  }

  if (pages) registerPageRoutes(app, pages);

  registerAjaxRoutes(app, wireCalls(shop), shop.requestContexts, async (request, reply) =>
    pages ? pages.handle(request, reply) : reply.callNotFound(),
  );
  registerFormRoutes(app, formDoors(shop), pages?.handle);
  registerEmbedRoutes(app, {
    forms: shop.forms,
    clientDir: options.clientDir,
    publishableKey: shop.payments.publishableKey,
  });
  registerStoreApiCartRoutes(app, cartDoors(shop));
  registerWebhookRoute(app, paymentDoors(shop));
  registerConsentRoute(app);
  registerContentRoutes(app, { content: shop.content, contexts: shop.requestContexts });
  return app;
}

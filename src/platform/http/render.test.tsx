import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler, type EntryContext, type ServerBuild } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_NONCE } from '../../cart/nonces.ts';
import type { PageContext } from '../../page-context.ts';
import { createShop, type Shop } from '../../shop.ts';
import { sharedTestDataDir } from '../../testing/test-shop.ts';
import { loadConfig } from '../config/config.ts';
import { openTestDatabase } from '../db/testing/test-database.ts';
import { createLogger } from '../log/log.ts';
import { createNonce } from '../nonce/nonce.ts';
import type { Session } from '../session/session.ts';
import { responseBytes } from './document-html.ts';
import { scriptsAfterLoad } from './scripts-after-load.ts';

/** entry.server's streaming renderer: what it did before it rendered with renderToString. */
interface StreamingEntry {
  renderStreaming(
    request: Request,
    status: number,
    headers: Headers,
    context: EntryContext,
    nonce: string,
    log: PageContext['log'],
  ): Promise<Response>;
}

/**
 * The build with the streaming renderer as its entry. It comes from the build itself: the build
 * bundles its own React Router, whose ServerRouter must render the build's routes.
 */
function streamingBuild(build: ServerBuild): ServerBuild {
  const entry = build.entry.module as unknown as StreamingEntry;
  const handleRequest = (
    request: Request,
    status: number,
    headers: Headers,
    context: EntryContext,
    loadContext: unknown,
  ) =>
    entry.renderStreaming(
      request,
      status,
      headers,
      context,
      (loadContext as PageContext).scriptNonce,
      (loadContext as PageContext).log,
    );
  return { ...build, entry: { module: { ...build.entry.module, default: handleRequest } } };
}

const buildFile = path.resolve('build/server/index.js');

describe.runIf(existsSync(buildFile))('page rendering', () => {
  let shop: Shop;
  let session: Session;
  let build: ServerBuild;

  beforeAll(async () => {
    const config = { ...loadConfig({}), dataDir: sharedTestDataDir, logLevel: 'silent' };
    shop = await createShop(config, createLogger('silent'), {
      database: await openTestDatabase('sqlite'),
    });
    session = await shop.sessions.create();
    build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  });
  afterAll(() => shop.close());

  async function render(entry: ServerBuild, url: string, signedIn: boolean) {
    const context: PageContext = {
      shop,
      // The pages rendered here only read; a request without cookies stands in for routes' view.
      request: shop.requestContexts(
        { ip: '127.0.0.1', cookies: {}, headers: {} } as never,
        {} as never,
      ),
      cartOperations: shop.cartOperations,
      session: signedIn ? session : undefined,
      ensureSession: async () => session,
      nonce: (action) => createNonce(shop.secret, action, signedIn ? session.id : ''),
      cartChanged: () => undefined,
      selling: {
        addFromProductForm: async (_fields, back) => back,
        miniCartRemoveNonce: () => context.nonce(CART_NONCE),
      },
      scriptNonce: 'bm9uY2Utb2YtdGhpcy10ZXN0',
      log: createLogger('silent'),
    };
    const response = await createRequestHandler(entry, 'production')(
      new Request(`http://shop.test${url}`),
      context as never,
    );
    // Set only when the page was rendered with renderToString (entry.server's fast way).
    const fastWay = Symbol.for('shop.document-html') in response;
    return { status: response.status, fastWay, html: (await responseBytes(response)).toString() };
  }

  it.each([
    ['/product/classic-hoodie/', true],
    ['/product/classic-hoodie/', false],
    ['/product/linen-shirt/?cpage=1', true],
    ['/shop/?orderby=price', true],
    ['/cart/', true],
    ['/no-such-page/', false],
  ])(
    'renders %s (session: %s) byte for byte as the streaming renderer does, its scripts after load',
    async (url, s) => {
      await shop.cart.add(session.id, { productId: 1, quantity: 1 }).catch(() => undefined);
      const streaming = streamingBuild(build);
      const fast = await render(build, url, s);
      const reference = await render(streaming, url, s);
      expect(fast.fastWay).toBe(true);
      expect(reference.fastWay).toBe(false);
      expect(fast.status).toBe(reference.status);
      expect(fast.html).toBe(scriptsAfterLoad(reference.html));
      // The build's markup has the shapes scriptsAfterLoad rewrites: no module asked for up front.
      expect(reference.html).toContain('<link rel="modulepreload"');
      expect(fast.html).not.toContain('rel="modulepreload"');
      expect(fast.html).not.toMatch(/import \* as route\d+ from/);
      expect(fast.html).toMatch(/addEventListener\("load"[^]*import\("\/assets\/entry\.client-/);
      expect(fast.html).toMatch(/^<!DOCTYPE html><html lang="en">/);
      expect(fast.html).toContain('window.__reactRouterContext.streamController.close()');
      expect(fast.html).toContain('<script nonce="bm9uY2Utb2YtdGhpcy10ZXN0">');
    },
  );
});

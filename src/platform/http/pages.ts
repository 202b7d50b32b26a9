import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { PAGE_CACHE_CONTROL } from '../constants/index.ts';
import { PageCache, type CachedPage } from './page-cache.ts';

/**
 * Hands page requests to React Router. Pages for visitors without a session come from a short
 * micro-cache and may be kept by a CDN; a visitor with a session always gets a fresh render.
 */
export interface PageOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  /** Whether this request's visitor has a session (a session page is never cached). */
  hasSession(request: FastifyRequest): boolean;
  loadContext(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  /** Runs before rendering; may answer the request itself (e.g. `?add-to-cart=`). */
  beforeRender?(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

export type PageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export function createPageHandler(options: PageOptions): { handle: PageHandler; cache: PageCache } {
  const handler = createRequestHandler(options.build as ServerBuild, options.mode);
  const cache = new PageCache();

  const handle: PageHandler = async (request, reply) => {
    if (options.beforeRender && (await options.beforeRender(request, reply))) return reply;
    const cacheable =
      (request.method === 'GET' || request.method === 'HEAD') && !options.hasSession(request);
    const key = request.url;
    if (cacheable) {
      const hit = cache.get(key);
      if (hit) return sendCached(reply, hit, 'HIT');
    }
    const context = await options.loadContext(request, reply);
    const response = await handler(toFetchRequest(request), context as never);
    const body = Buffer.from(await response.arrayBuffer());
    const headers = [...response.headers.entries()];
    const cacheControl = response.headers.get('cache-control') ?? '';
    if (
      cacheable &&
      response.status === 200 &&
      cacheControl.includes('public') &&
      !response.headers.has('set-cookie')
    ) {
      const page = {
        status: response.status,
        headers: { ...Object.fromEntries(headers), 'cache-control': PAGE_CACHE_CONTROL },
        body,
      };
      cache.set(key, page);
      return sendCached(reply, page, 'MISS');
    }
    reply.status(response.status);
    for (const [name, value] of headers) {
      if (name === 'set-cookie') continue;
      reply.header(name, value);
    }
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
    if (!cacheable || cacheControl.includes('public') || cacheControl === '') {
      reply.header('cache-control', 'private, no-store');
    }
    return reply.send(body);
  };
  return { handle, cache };
}

function sendCached(
  reply: FastifyReply,
  page: Pick<CachedPage, 'status' | 'headers' | 'body'>,
  state: 'HIT' | 'MISS',
) {
  return reply
    .status(page.status)
    .headers(page.headers)
    .header('x-page-cache', state)
    .send(page.body);
}

function toFetchRequest(request: FastifyRequest): Request {
  const url = `${request.protocol}://${request.headers.host ?? 'localhost'}${request.url}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    if (request.body !== undefined && !(request.body instanceof Readable)) {
      // Fastify already parsed a form body (a POST to `/` that was not an ajax call): re-encode it.
      init.body = new URLSearchParams(request.body as Record<string, string>).toString();
      headers.set('content-type', 'application/x-www-form-urlencoded');
      headers.delete('content-length');
    } else {
      init.body = Readable.toWeb(
        request.body instanceof Readable ? request.body : request.raw,
      ) as ReadableStream;
      init.duplex = 'half';
    }
  }
  return new Request(url, init);
}

/** Registers the catch-all page route in its own context, where bodies stay raw for React Router. */
export function registerPageRoutes(app: FastifyInstance, handle: PageHandler): void {
  app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    pages.route({ method: ['GET', 'POST'], url: '/*', handler: handle });
  });
}

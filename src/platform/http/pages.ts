import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { MAX_BODY_BYTES, PAGE_CACHE_CONTROL } from '../constants/index.ts';
import { ShopError } from '../errors/shop-error.ts';
import { messages } from '../messages/index.ts';
import {
  inlineScriptHashes,
  policyWithNonce,
  scriptNonce,
  type PolicyOptions,
} from './content-security-policy.ts';
import { assertSameOrigin } from './csrf.ts';
import { responseBytes } from './document-html.ts';
import {
  compress,
  compressInBackground,
  preferredEncoding,
  type ContentEncoding,
} from './encoding.ts';
import { PageCache, type CachedPage } from './page-cache.ts';
import { holdsNul } from './validation.ts';

/**
 * Hands page requests to React Router. Pages for visitors without a session come from a short
 * micro-cache and may be kept by a CDN; a visitor with a session always gets a fresh render.
 */
export interface PageOptions {
  build: ServerBuild;
  mode: 'production' | 'development';
  /** Whether a request carries a session (its page is never cached). Reads raw headers only. */
  hasSession(headers: IncomingHttpHeaders): boolean;
  /** The page's context; `scriptNonce` is the nonce its scripts must carry (CSP). */
  loadContext(request: FastifyRequest, reply: FastifyReply, scriptNonce: string): Promise<unknown>;
  contentSecurityPolicy: PolicyOptions;
  /** Runs before rendering; may answer the request itself (e.g. `?add-to-cart=`). */
  beforeRender?(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  /**
   * What, besides the address, an anonymous page's render depends on (reads raw headers only):
   * each value is cached apart. Whether the visitor has made a cookie choice, for the banner.
   */
  cacheVariant?(headers: IncomingHttpHeaders): string;
}

export type PageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

export interface Pages {
  handle: PageHandler;
  cache: PageCache;
  /** Answers a cached page straight from the Node request, before the framework runs at all. */
  answerFromCache(request: IncomingMessage, response: ServerResponse): boolean;
  /** Keeps a rendered page in the cache with the headers it was finally sent with. */
  keepSentPage(request: FastifyRequest, reply: FastifyReply, payload: unknown): void;
}

/**
 * A freshly rendered page as sent: compressed when the browser accepts it. The micro-cache keeps
 * the plain bytes (keepSentPage runs first) and encodes them once per encoding itself.
 */
export async function encodedForBrowser(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (!Buffer.isBuffer(payload) || payload.length < COMPRESS_FROM_BYTES) return payload;
  if (reply.hasHeader('content-encoding')) return payload;
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  reply.header('content-encoding', encoding).removeHeader('content-length');
  return compressInBackground(payload, encoding);
}

const cacheKeys = new WeakMap<FastifyRequest, string>();

function isCacheable(
  method: string | undefined,
  url: string | undefined,
  headers: IncomingHttpHeaders,
  hasSession: PageOptions['hasSession'],
): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    !hasSession(headers) &&
    !url?.includes('add-to-cart=')
  );
}

export function createPages(options: PageOptions): Pages {
  const handler = createRequestHandler(options.build, options.mode);
  const cache = new PageCache();
  const cacheKey = (url: string, headers: IncomingHttpHeaders) => {
    const variant = options.cacheVariant?.(headers) ?? '';
    return variant === '' ? url : `${url}\n${variant}`;
  };

  const policy = policyWithNonce(options.contentSecurityPolicy);

  const handle: PageHandler = async (request, reply) => {
    const nonce = scriptNonce();
    reply.header('content-security-policy', policy(nonce));
    if (request.url.includes('%00'))
      throw new ShopError('invalid_request', messages.badRequest, 400);
    if (request.method === 'POST') assertPageForm(request);
    if (options.beforeRender && (await options.beforeRender(request, reply))) return reply;
    const cacheable = isCacheable(request.method, request.url, request.headers, options.hasSession);
    const context = await options.loadContext(request, reply, nonce);
    const response = await handler(toFetchRequest(request), context as never);
    const body = await responseBytes(response);
    const cacheControl = response.headers.get('cache-control') ?? '';
    reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'set-cookie') reply.header(name, value);
    }
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    if (
      cacheable &&
      response.status === 200 &&
      cacheControl.includes('public') &&
      !response.headers.has('set-cookie')
    ) {
      reply.header('cache-control', PAGE_CACHE_CONTROL).header('x-page-cache', 'MISS');
      cacheKeys.set(request, cacheKey(request.url, request.headers));
    } else {
      reply.header('cache-control', 'private, no-store');
    }
    return reply.send(body);
  };

  return {
    handle,
    cache,
    answerFromCache(request, response) {
      if (
        !request.url ||
        !isCacheable(request.method, request.url, request.headers, options.hasSession)
      )
        return false;
      const page = cache.get(cacheKey(request.url, request.headers));
      if (!page) return false;
      const encoding =
        page.body.length >= COMPRESS_FROM_BYTES
          ? preferredEncoding(request.headers['accept-encoding'])
          : undefined;
      const answer = encoding ? (page.encoded[encoding] ??= encoded(page, encoding)) : page;
      // The cached HTML keeps its render's nonce; its scripts are let in by their hashes.
      response.setHeader('content-security-policy', page.policy(scriptNonce()));
      response.writeHead(page.status, answer.headers);
      response.end(request.method === 'HEAD' ? undefined : answer.body);
      return true;
    },
    keepSentPage(request, reply, payload) {
      const key = cacheKeys.get(request);
      if (!key || !Buffer.isBuffer(payload) || reply.statusCode !== 200) return;
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined && !PER_RESPONSE.has(name)) headers[name] = String(value);
      }
      headers['x-page-cache'] = 'HIT';
      headers['content-length'] = String(payload.length);
      const scriptHashes = inlineScriptHashes(payload.toString('utf8'));
      const policy = policyWithNonce(options.contentSecurityPolicy, scriptHashes);
      cache.set(key, { status: 200, headers, body: payload, policy });
    },
  };
}

/** Headers each answer gets anew, never replayed from the cache. */
const PER_RESPONSE = new Set(['x-request-id', 'content-security-policy']);

/** Smaller pages are sent as they are: compressing them saves next to nothing. */
const COMPRESS_FROM_BYTES = 1024;

function encoded(page: CachedPage, encoding: ContentEncoding) {
  const body = compress(page.body, encoding);
  const headers = {
    ...page.headers,
    'content-encoding': encoding,
    'content-length': String(body.length),
  };
  return { headers, body };
}

/**
 * A page post is a form from one of the shop's own pages: a form's content type, from the shop's
 * origin, holding no NUL character (no text the shop keeps may contain one).
 */
function assertPageForm(request: FastifyRequest): void {
  if (!isFormContentType(request.headers['content-type']) && !readByADoor(request)) {
    throw new ShopError('unsupported_media_type', messages.badRequest, 415);
  }
  assertSameOrigin(request);
  const body = request.body;
  if (Buffer.isBuffer(body) ? formHoldsNul(body) : holdsNul(body)) {
    throw new ShopError('invalid_request', messages.badRequest, 400);
  }
}

/** The shop's forms are url-encoded; multipart waits for uploads, which bring their own limits. */
const FORM_TYPES = ['application/x-www-form-urlencoded'];

/**
 * A multipart post reaches a page only through the door that read it (the form page's, with the
 * uploads' own caps): its body is parsed already, and the page sees its text fields.
 */
function readByADoor(request: FastifyRequest): boolean {
  const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  return type === 'multipart/form-data' && !Buffer.isBuffer(request.body) && request.body != null;
}

function isFormContentType(header: string | undefined): boolean {
  const type = header?.split(';')[0]?.trim().toLowerCase();
  return type !== undefined && FORM_TYPES.includes(type);
}

/** A url-encoded form's NUL, raw or as `%00`. */
function formHoldsNul(body: Buffer): boolean {
  return body.includes(0) || body.includes('%00');
}

function formText(body: unknown): string {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof item === 'string') form.append(name, item);
    }
  }
  return form.toString();
}

function toFetchRequest(request: FastifyRequest): Request {
  const url = `${request.protocol}://${request.headers.host ?? 'localhost'}${request.url}`;
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    // `Origin: null` from a page of ours (a `Referrer-Policy: no-referrer` page's form, or a
    // privacy setting) passed assertSameOrigin on its Fetch Metadata; React Router would take
    // it for another site's and fail the action with a 500.
    if (name === 'origin' && value === 'null') continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const init: RequestInit = { method: request.method, headers };
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    if (Buffer.isBuffer(request.body)) {
      init.body = request.body as unknown as BodyInit;
    } else {
      // Fastify already parsed a form body (a POST to `/` that was not an ajax call): re-encode it.
      init.body = formText(request.body ?? {});
      headers.set('content-type', 'application/x-www-form-urlencoded');
      headers.delete('content-length');
    }
  }
  return new Request(url, init);
}

/** Registers the catch-all page route in its own context, where bodies stay raw for React Router. */
export function registerPageRoutes(app: FastifyInstance, pages: Pages): void {
  app.register(async (context) => {
    // Forms only, read whole up to the body limit (Fastify answers 413 from Content-Length, or as
    // soon as a streamed body passes it); any other content type is a 415.
    context.removeAllContentTypeParsers();
    context.addContentTypeParser(
      FORM_TYPES,
      { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
      (_request, body, done) => done(null, body),
    );
    context.addHook('onSend', async (request, reply, payload) => {
      pages.keepSentPage(request, reply, payload);
      return encodedForBrowser(request, reply, payload);
    });
    context.route({ method: ['GET', 'POST'], url: '/*', handler: pages.handle });
  });
}

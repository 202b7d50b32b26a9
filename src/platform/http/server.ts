import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TrustedProxies } from '../config/config.ts';
import {
  HTTP_HEADERS_TIMEOUT_MS,
  HTTP_KEEP_ALIVE_TIMEOUT_MS,
  MAX_BODY_BYTES,
  MAX_INPUT_DEPTH,
} from '../constants/index.ts';
import { ShopError } from '../errors/shop-error.ts';
import type { Logger } from '../log/log.ts';
import { messages } from '../messages/index.ts';
import { proxyTrust } from './proxy.ts';
import { nestsDeeperThan } from './validation.ts';

export type App = FastifyInstance;

// Fastify types its compiler factories after ajv's; zod's compilers take zod schemas instead.
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** The one Fastify server: plugins, request ids, and one mapping from errors to `{ code, message }`. */
export interface HttpServerOptions {
  /** Proxies whose X-Forwarded-For is believed: a hop count or their addresses (never all). */
  trustProxy?: TrustedProxies;
  /** May answer a request from the raw Node objects before Fastify runs (the page micro-cache). */
  answerEarly?: ((request: IncomingMessage, response: ServerResponse) => boolean) | undefined;
}

export async function createHttpServer(
  logger: Logger,
  options: HttpServerOptions = {},
): Promise<App> {
  const answerEarly = options.answerEarly;
  const app = Fastify({
    ...(answerEarly && {
      serverFactory: (handler: (request: IncomingMessage, response: ServerResponse) => void) =>
        createServer((request, response) => {
          if (!answerEarly(request, response)) handler(request, response);
        }),
    }),
    loggerInstance: logger,
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: proxyTrust(options.trustProxy),
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    // Route schemas are zod's. Given as the factories (not set after), Fastify never loads its
    // JSON-schema compilers (three copies of ajv: about a third of the start-up's module loading).
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();
  keepConnectionsAlive(app.server);
  readJsonWithDepthLimit(app as unknown as App);

  // Helmet's headers do not depend on the request (the CSP is the pages'): worked out once.
  const headers = await securityHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers).header('x-request-id', request.id);
    done();
  });

  closeConnectionsOnceClosing(app as unknown as App);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: MAX_BODY_BYTES });

  app.setErrorHandler((error: FastifyError | ShopError, request, reply) => {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'unexpected error');
    else request.log.info({ code: body.code, status }, 'request refused');
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ code: 'not_found', message: messages.notFound }),
  );

  return app as unknown as App;
}

/**
 * Idle keep-alive connections stay open longer than the clients and proxies in front keep theirs.
 * Set on the server itself: Fastify sets its keep-alive timeout only on a server it made, and the
 * page cache's server (serverFactory) kept Node's 5 s.
 */
function keepConnectionsAlive(server: Server): void {
  server.keepAliveTimeout = HTTP_KEEP_ALIVE_TIMEOUT_MS;
  server.headersTimeout = HTTP_HEADERS_TIMEOUT_MS;
}

/**
 * Fastify's JSON parser (with its prototype-poisoning checks), refusing a body that nests deeper
 * than MAX_INPUT_DEPTH with a 400 before any handler or check walks it.
 */
function readJsonWithDepthLimit(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
    (request, text: string, done) =>
      parseJson(request, text, (error: Error | null, value?: unknown) => {
        if (error) return done(error, undefined);
        if (nestsDeeperThan(value, MAX_INPUT_DEPTH))
          return done(new ShopError('invalid_request', messages.badRequest, 400), undefined);
        done(null, value);
      }),
  );
}

/**
 * Once the server is closing, a request still running answers with `Connection: close`. Node
 * closes the sockets that are idle when the close starts, but a keep-alive socket whose answer
 * ends after that would hold the close open for the keep-alive timeout (75 s): a shutdown, or a
 * test shop whose processor was posting a webhook to it, waited that long.
 */
function closeConnectionsOnceClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

/** Helmet's options for every response. */
const HELMET_OPTIONS = {
  // Pages send their own policy with a nonce per response (content-security-policy.ts).
  contentSecurityPolicy: false,
  crossOriginEmbedderPolicy: false,
  // With no-referrer, browsers send `Origin: null` on form posts, which the CSRF checks refuse.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
} as const;

/**
 * The headers @fastify/helmet sets with HELMET_OPTIONS, read once from a scratch server. The
 * plugin itself builds a new helmet middleware on every request (two hooks, a dozen option parses).
 */
export async function securityHeaders(): Promise<Record<string, string>> {
  // With the shop's compilers: Fastify's own would load ajv for this throwaway server.
  const scratch = Fastify({ schemaController: { compilersFactory: zodCompilers } });
  await scratch.register(helmet, HELMET_OPTIONS);
  scratch.get('/', async () => '');
  const response = await scratch.inject('/');
  await scratch.close();
  const own = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.fromEntries(
    Object.entries(response.headers).flatMap(([name, value]) =>
      own.has(name) || value === undefined ? [] : [[name, String(value)]],
    ),
  );
}

function toErrorResponse(error: unknown): {
  status: number;
  body: { code: string; message: string } & Record<string, unknown>;
} {
  if (error instanceof ShopError) {
    return {
      status: error.status,
      body: { code: error.code, message: error.message, ...error.data },
    };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const first = fastifyError.validation[0];
    return {
      status: 400,
      body: {
        code: 'invalid_request',
        message:
          `${messages.badRequest} ${first?.instancePath ?? ''} ${first?.message ?? ''}`.trim(),
      },
    };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { code: 'body_too_large', message: messages.bodyTooLarge } };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { code: 'invalid_json', message: messages.invalidJson } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: { code: 'unsupported_media_type', message: messages.badRequest },
      };
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return {
      status: fastifyError.statusCode,
      body: { code: 'invalid_request', message: messages.badRequest },
    };
  }
  return { status: 500, body: { code: 'server_error', message: messages.serverError } };
}

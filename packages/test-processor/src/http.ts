import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY } from './keys.ts';
import type { Params } from './params.ts';
import { invalidRequest, processorMessages, StripeApiError } from './stripe-objects.ts';

/** Loaded with the processor's first form body: a start does without qs and its dependencies. */
const loadQs = () => import('qs').then((module) => module.default);

/** Form bodies as Stripe reads them; Stripe-shaped errors for everything, never a bare 500. */
export function setUpStripeHttp(processor: FastifyInstance): void {
  processor.removeAllContentTypeParsers();
  processor.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    async (_request: FastifyRequest, body: string) =>
      (await loadQs()).parse(body, { depth: 5, parameterLimit: 300 }),
  );
  processor.setErrorHandler((error, request, reply) => {
    if (error instanceof StripeApiError)
      return reply.status(error.status).send({ error: error.error });
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status === 429)
      return reply.status(429).send({
        error: {
          type: 'rate_limit_error',
          code: 'rate_limit',
          message: processorMessages.rate_limit,
        },
      });
    if (status >= 400 && status < 500)
      return reply.status(status).send({
        error: { type: 'invalid_request_error', message: 'Invalid request.' },
      });
    // Only the error itself: a request body may hold card data.
    request.log.error({ err: error }, 'test processor error');
    return reply.status(500).send({
      error: { type: 'api_error', message: 'An unexpected error occurred.' },
    });
  });
  processor.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}).`,
      },
    }),
  );
}

export function bodyOf(request: FastifyRequest): Params {
  const body = request.body;
  return body && typeof body === 'object' ? (body as Params) : {};
}

export function queryOf(request: FastifyRequest): Params {
  return (request.query ?? {}) as Params;
}

/** Who is calling: the shop's server (secret key) or a browser (publishable key). */
export type Caller = 'secret' | 'publishable';

export function callerOf(request: FastifyRequest, publishableAllowed: boolean): Caller {
  const auth = request.headers.authorization ?? '';
  const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
  if (key === TEST_SECRET_KEY) return 'secret';
  if (publishableAllowed && key === TEST_PUBLISHABLE_KEY) return 'publishable';
  throw new StripeApiError(401, {
    type: 'authentication_error',
    message: 'Invalid API Key provided.',
  });
}

/** Compares client secrets in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** With the publishable key an intent is reachable only with its client secret, as in Stripe. */
export function checkClientSecret(
  caller: Caller,
  given: string | undefined,
  intent: { id: string; client_secret: string },
  kind: string,
): void {
  if (caller === 'secret') return;
  if (!given)
    throw invalidRequest(
      'Missing required param: client_secret.',
      'client_secret',
      'parameter_missing',
    );
  if (!sameSecret(given, intent.client_secret))
    throw new StripeApiError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${kind}: '${intent.id}'`,
      param: 'client_secret',
    });
}

/** The processor's own origin for its pages: the configured public one, else the Host asked. */
export function originOf(request: FastifyRequest, publicOrigin?: () => string | undefined): string {
  const configured = publicOrigin?.();
  if (configured) return configured.replace(/\/+$/, '');
  const host = /^[\w.-]+(:\d+)?$|^\[[\d:a-f]+\](:\d+)?$/i.test(request.host)
    ? request.host
    : 'localhost';
  return `${request.protocol}://${host}`;
}

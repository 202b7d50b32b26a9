import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import qs from 'qs';
import { TEST_PROCESSOR_IDEMPOTENCY_CLAIM_STALE_MS } from '../../platform/constants/index.ts';
import { TEST_PUBLISHABLE_KEY, TEST_SECRET_KEY } from './keys.ts';
import type { Params } from './params.ts';
import { invalidRequest, processorMessages, StripeApiError } from './stripe-objects.ts';
import type { TestProcessorRepo } from './test-processor.repo.ts';

/** Form bodies as Stripe reads them; Stripe-shaped errors for everything, never a bare 500. */
export function setUpStripeHttp(processor: FastifyInstance): void {
  processor.removeAllContentTypeParsers();
  processor.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, qs.parse(body as string, { depth: 5, parameterLimit: 300 }));
    },
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

const secretFields = new Set(['number', 'cvc', 'iban', 'account_number']);

/** The request as the idempotency check compares it: card and account numbers reduced to last 4. */
function fingerprint(params: unknown): string {
  const redacted = JSON.stringify(params, (key, value: unknown) =>
    secretFields.has(key) && typeof value === 'string'
      ? key === 'cvc'
        ? '***'
        : `…${value.slice(-4)}`
      : value,
  );
  return createHash('sha256').update(redacted).digest('hex');
}

const idempotencyMismatch = () =>
  new StripeApiError(400, {
    type: 'idempotency_error',
    message:
      'Keys for idempotent requests can only be used with the same parameters they were first used with.',
  });

const inProgress = () =>
  new StripeApiError(409, {
    type: 'idempotency_error',
    code: 'idempotency_key_in_use',
    message:
      'There is currently another in-progress request using this Stripe-Idempotency-Key. Please try again later.',
  });

/**
 * Stripe's idempotency: the same key and parameters answer the first response again, a key
 * in use by a request still running answers 409 (the SDK retries it), other parameters 400.
 */
export async function idempotent(
  repo: TestProcessorRepo,
  request: FastifyRequest,
  params: Params,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const header = request.headers['idempotency-key'];
  if (typeof header !== 'string' || header === '') return run();
  if (header.length > 255) throw invalidRequest('Idempotency-Key is too long.', 'Idempotency-Key');
  const key = `${request.method} ${request.url.split('?')[0]}|${header}`;
  const hash = fingerprint(params);
  for (;;) {
    const seen = await repo.idempotent(key);
    if (!seen) {
      if (await repo.claim(key, hash)) break;
      continue;
    }
    if (seen.request_hash !== hash) throw idempotencyMismatch();
    if (seen.status_code === 0) {
      if (Date.now() - Date.parse(seen.created_at) < TEST_PROCESSOR_IDEMPOTENCY_CLAIM_STALE_MS)
        throw inProgress();
      await repo.forget(key);
      continue;
    }
    if (seen.status_code !== 200)
      throw new StripeApiError(seen.status_code, JSON.parse(seen.response_json));
    return JSON.parse(seen.response_json);
  }
  try {
    const result = await run();
    await repo.remember(key, 200, result);
    return result;
  } catch (error) {
    if (error instanceof StripeApiError) await repo.remember(key, error.status, error.error);
    else await repo.forget(key);
    throw error;
  }
}

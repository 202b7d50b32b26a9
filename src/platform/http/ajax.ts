import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ShopError } from '../errors/shop-error.ts';
import { messages } from '../messages/index.ts';
import { assertSameOrigin } from './csrf.ts';
import { requireNonce, type RequestContexts } from './request-context.ts';
import { parseInput } from './validation.ts';

/**
 * The seeds' two ajax styles: `POST /?wc-ajax={endpoint}` and `POST /admin-ajax` with an `action`
 * field. Each business folder registers its calls here; the edge does origin or nonce checks and
 * validation before a handler runs.
 */
export type AjaxGuard =
  | { kind: 'same-origin' }
  | { kind: 'nonce'; action: string }
  /**
   * Any site may call it and read its answer (embedded forms post from their host pages; no
   * cookies are involved): it checks its own token.
   */
  | { kind: 'open' };

export interface AjaxCall<S extends z.ZodType = z.ZodType> {
  schema: S;
  guard: AjaxGuard;
  handle(input: z.infer<S>, request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

export type AjaxCalls = Map<string, AjaxCall>;

export function ajaxCall<S extends z.ZodType>(call: AjaxCall<S>): AjaxCall {
  return call as unknown as AjaxCall;
}

/** The nonce a request carries, under any of the names the seeds use. */
export function requestNonce(request: FastifyRequest): string | undefined {
  const body = (request.body ?? {}) as Record<string, unknown>;
  for (const field of [
    'security',
    '_ajax_nonce',
    'nonce',
    '_wpnonce',
    'woocommerce-process-checkout-nonce',
  ]) {
    const value = body[field];
    if (typeof value === 'string') return value;
  }
  const header = request.headers['nonce'] ?? request.headers['x-wp-nonce'];
  return typeof header === 'string' ? header : undefined;
}

async function dispatch(
  call: AjaxCall | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
  contexts: RequestContexts,
): Promise<unknown> {
  if (!call) throw new ShopError('unknown_endpoint', messages.unknownEndpoint, 404);
  if (call.guard.kind === 'same-origin') assertSameOrigin(request);
  else if (call.guard.kind === 'nonce') {
    await requireNonce(contexts(request, reply), call.guard.action, requestNonce(request));
  } else reply.header('access-control-allow-origin', '*');
  const input = parseInput(call.schema, request.body);
  return call.handle(input, request, reply);
}

export function registerAjaxRoutes(
  app: FastifyInstance,
  calls: { wcAjax: AjaxCalls; adminAjax: AjaxCalls },
  contexts: RequestContexts,
  fallthrough: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  app.post('/', async (request, reply) => {
    const endpoint = (request.query as Record<string, unknown>)['wc-ajax'];
    if (typeof endpoint !== 'string') return fallthrough(request, reply);
    return dispatch(calls.wcAjax.get(endpoint), request, reply, contexts);
  });
  app.post('/admin-ajax', async (request, reply) => {
    const action = ((request.body ?? {}) as Record<string, unknown>).action;
    return dispatch(
      typeof action === 'string' ? calls.adminAjax.get(action) : undefined,
      request,
      reply,
      contexts,
    );
  });
}

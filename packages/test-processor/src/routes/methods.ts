import type { FastifyInstance } from 'fastify';
import { TEST_PROCESSOR_LIST_LIMIT } from '../constants.ts';
import { cardOutcome } from '../payment-attempts.ts';
import { bodyOf, callerOf, queryOf } from '../http.ts';
import { idempotent } from '../idempotency.ts';
import { isMethodType, reusableMethodTypes, type MethodType } from '../method-types.ts';
import { listObject, methodObject } from '../objects.ts';
import { int, str, type Params } from '../params.ts';
import { createPaymentMethod } from '../payment-methods.ts';
import {
  cardError,
  invalidRequest,
  missingParam,
  notFound,
  StripeApiError,
} from '../stripe-objects.ts';
import type { MethodRow } from '../test-processor.repo.ts';
import type { RouteContext, WithId } from './route-context.ts';

/** One page of a customer's saved methods, newest first, as Stripe lists them. */
export async function listCustomerMethods(
  ctx: RouteContext,
  customer: string | undefined,
  params: Params,
  url: string,
) {
  const type = str(params, 'type');
  if (type !== undefined && !isMethodType(type))
    throw invalidRequest(`Invalid type: ${type}`, 'type');
  const limit = int(params, 'limit') ?? TEST_PROCESSOR_LIST_LIMIT.default;
  if (limit < 1 || limit > TEST_PROCESSOR_LIST_LIMIT.max)
    throw invalidRequest(`limit must be between 1 and ${TEST_PROCESSOR_LIST_LIMIT.max}`, 'limit');
  const all = customer ? await ctx.repo.customerMethods(customer, type) : [];
  const after = str(params, 'starting_after');
  const start = after ? all.findIndex((method) => method.id === after) + 1 : 0;
  if (after && start === 0) throw invalidRequest(`No such object: '${after}'`, 'starting_after');
  return listObject(
    all.slice(start, start + limit).map(methodObject),
    url,
    start + limit < all.length,
  );
}

async function methodOrNotFound(ctx: RouteContext, id: string): Promise<MethodRow> {
  const row = await ctx.repo.paymentMethod(id);
  if (!row) throw notFound('payment_method', id);
  return row;
}

/** Saving a card checks it, as Stripe does: only the charge-time decline card (0341) passes. */
async function attach(ctx: RouteContext, method: MethodRow, customer: string): Promise<MethodRow> {
  if (!(await ctx.repo.customer(customer))) throw notFound('customer', customer, 'customer');
  if (method.customer === customer) return method;
  if (method.customer)
    throw invalidRequest(
      'The payment method you provided has already been attached to a customer.',
      'payment_method',
      'payment_method_unexpected_state',
    );
  if (!reusableMethodTypes.includes(method.type as MethodType))
    throw invalidRequest(
      `${method.type} payment methods cannot be attached to a customer.`,
      'type',
    );
  const outcome = cardOutcome(method);
  if (method.type === 'card' && outcome.kind === 'declines' && !outcome.chargesOnly)
    throw new StripeApiError(402, cardError(outcome, undefined));
  await ctx.repo.setMethodCustomer(method.id, customer);
  return (await ctx.repo.paymentMethod(method.id))!;
}

export function methodRoutes(processor: FastifyInstance, ctx: RouteContext): void {
  processor.post('/v1/payment_methods', { config: ctx.browserRouteConfig }, async (request) => {
    callerOf(request, true);
    const params = bodyOf(request);
    return idempotent(ctx.repo, request, params, async () =>
      methodObject(await createPaymentMethod(ctx.repo, params)),
    );
  });

  processor.get('/v1/payment_methods', async (request) => {
    callerOf(request, false);
    const query = queryOf(request);
    return listCustomerMethods(ctx, str(query, 'customer'), query, '/v1/payment_methods');
  });

  processor.get('/v1/payment_methods/:id', async (request: WithId) => {
    callerOf(request, false);
    return methodObject(await methodOrNotFound(ctx, request.params.id));
  });

  processor.post('/v1/payment_methods/:id/attach', async (request: WithId) => {
    callerOf(request, false);
    const params = bodyOf(request);
    return idempotent(ctx.repo, request, params, async () => {
      const customer = str(params, 'customer');
      if (!customer) throw missingParam('customer');
      const method = await methodOrNotFound(ctx, request.params.id);
      return methodObject(await attach(ctx, method, customer));
    });
  });

  processor.post('/v1/payment_methods/:id/detach', async (request: WithId) => {
    callerOf(request, false);
    return idempotent(ctx.repo, request, bodyOf(request), async () => {
      const method = await methodOrNotFound(ctx, request.params.id);
      if (!method.customer)
        throw invalidRequest(
          'The payment method you provided is not attached to a customer so detachment is impossible.',
          undefined,
          'payment_method_unexpected_state',
        );
      await ctx.repo.setMethodCustomer(method.id, null);
      return methodObject((await ctx.repo.paymentMethod(method.id))!);
    });
  });
}

import type { FastifyInstance } from 'fastify';
import { bodyOf, callerOf, queryOf } from '../http.ts';
import { idempotent } from '../idempotency.ts';
import { newId } from '../ids.ts';
import { customerObject } from '../objects.ts';
import { mergeMetadata, str, type Params } from '../params.ts';
import { invalidRequest, notFound } from '../stripe-objects.ts';
import { listCustomerMethods } from './methods.ts';
import type { RouteContext, WithId } from './route-context.ts';

const FIELD_LENGTH = 500;

function field(params: Params, key: string): string | null {
  const value = str(params, key);
  if (value !== undefined && value.length > FIELD_LENGTH)
    throw invalidRequest(`Invalid ${key}`, key);
  return value || null;
}

export function customerRoutes(processor: FastifyInstance, ctx: RouteContext): void {
  processor.post('/v1/customers', async (request) => {
    callerOf(request, false);
    const params = bodyOf(request);
    return idempotent(ctx.repo, request, params, async () => {
      const id = newId('cus');
      await ctx.repo.saveCustomer({
        id,
        email: field(params, 'email'),
        name: field(params, 'name'),
        phone: field(params, 'phone'),
        description: field(params, 'description'),
        metadata_json: JSON.stringify(mergeMetadata({}, params)),
      });
      return customerObject((await ctx.repo.customer(id))!);
    });
  });

  processor.get('/v1/customers/:id', async (request: WithId) => {
    callerOf(request, false);
    const row = await ctx.repo.customer(request.params.id);
    if (!row) throw notFound('customer', request.params.id);
    return customerObject(row);
  });

  processor.get('/v1/customers/:id/payment_methods', async (request: WithId) => {
    callerOf(request, false);
    const { id } = request.params;
    if (!(await ctx.repo.customer(id))) throw notFound('customer', id);
    return listCustomerMethods(ctx, id, queryOf(request), `/v1/customers/${id}/payment_methods`);
  });
}

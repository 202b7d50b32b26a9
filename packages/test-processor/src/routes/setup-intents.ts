import type { FastifyInstance } from 'fastify';
import { bodyOf, callerOf, checkClientSecret, queryOf } from '../http.ts';
import { idempotent } from '../idempotency.ts';
import { newClientSecret, newId } from '../ids.ts';
import { confirmParams, customerParam, methodParam, methodTypesParam } from '../intent-params.ts';
import { reusableMethodTypes } from '../method-types.ts';
import { setupIntentObject } from '../objects.ts';
import { bool, mergeMetadata, oneOf, str, urlParam, type Params } from '../params.ts';
import { checkMethodFits } from '../payment-attempts.ts';
import { cancelSetupIntent, confirmSetupIntent, setupConfirmableStatuses } from '../setup-flow.ts';
import { notFound, unexpectedState } from '../stripe-objects.ts';
import type { SetupIntentRow, TestProcessorRepo } from '../test-processor.repo.ts';
import type { RouteContext, WithId } from './route-context.ts';

type NewSetupIntent = Parameters<TestProcessorRepo['saveSetupIntent']>[0];

async function setupIntentOrNotFound(ctx: RouteContext, id: string): Promise<SetupIntentRow> {
  const row = await ctx.repo.setupIntent(id);
  if (!row) throw notFound('setup_intent', id);
  return row;
}

async function newSetupIntent(ctx: RouteContext, params: Params): Promise<NewSetupIntent> {
  const types = methodTypesParam(params, reusableMethodTypes) ?? ['card'];
  const customer = (await customerParam(ctx, params)) ?? null;
  const method = await methodParam(ctx, params);
  if (method) checkMethodFits('SetupIntent', types, method, customer);
  const id = newId('seti');
  return {
    id,
    client_secret: newClientSecret(id),
    status: method ? 'requires_confirmation' : 'requires_payment_method',
    customer,
    payment_method: method?.id ?? null,
    payment_method_types_json: JSON.stringify(types),
    usage: oneOf(params, 'usage', ['off_session', 'on_session'] as const) ?? 'off_session',
    return_url: urlParam(params, 'return_url') ?? null,
    next_action_json: null,
    last_setup_error_json: null,
    metadata_json: JSON.stringify(mergeMetadata({}, params)),
    description: str(params, 'description') ?? null,
    cancellation_reason: null,
  };
}

export function setupIntentRoutes(processor: FastifyInstance, ctx: RouteContext): void {
  processor.post('/v1/setup_intents', async (request) => {
    callerOf(request, false);
    const params = bodyOf(request);
    return idempotent(ctx.repo, request, params, async () => {
      const values = await newSetupIntent(ctx, params);
      const confirm = bool(params, 'confirm') ?? false;
      const input = confirm ? await confirmParams(ctx, request, params, 'secret') : undefined;
      await ctx.repo.saveSetupIntent(values);
      const intent = (await ctx.repo.setupIntent(values.id))!;
      return setupIntentObject(input ? await confirmSetupIntent(ctx, intent, input) : intent);
    });
  });

  processor.get('/v1/setup_intents/:id', async (request: WithId) => {
    const caller = callerOf(request, true);
    const row = await setupIntentOrNotFound(ctx, request.params.id);
    checkClientSecret(caller, str(queryOf(request), 'client_secret'), row, 'setup_intent');
    return setupIntentObject(row);
  });

  processor.post(
    '/v1/setup_intents/:id/confirm',
    { config: ctx.browserRouteConfig },
    async (request: WithId) => {
      const caller = callerOf(request, true);
      const params = bodyOf(request);
      return idempotent(ctx.repo, request, params, async () => {
        const row = await setupIntentOrNotFound(ctx, request.params.id);
        checkClientSecret(caller, str(params, 'client_secret'), row, 'setup_intent');
        if (!(setupConfirmableStatuses as readonly string[]).includes(row.status))
          throw unexpectedState('SetupIntent', row.status, 'confirm', setupConfirmableStatuses);
        const input = await confirmParams(ctx, request, params, caller);
        return setupIntentObject(await confirmSetupIntent(ctx, row, input));
      });
    },
  );

  processor.post('/v1/setup_intents/:id/cancel', async (request: WithId) => {
    callerOf(request, false);
    const params = bodyOf(request);
    return idempotent(ctx.repo, request, params, async () => {
      const row = await setupIntentOrNotFound(ctx, request.params.id);
      const reason = oneOf(params, 'cancellation_reason', [
        'abandoned',
        'requested_by_customer',
        'duplicate',
      ] as const);
      return setupIntentObject(await cancelSetupIntent(ctx, row, reason));
    });
  });
}

import type { FastifyInstance } from 'fastify';
import { bodyOf, callerOf, checkClientSecret, queryOf } from '../http.ts';
import { idempotent } from '../idempotency.ts';
import { newClientSecret, newId } from '../ids.ts';
import {
  amountParam,
  confirmParams,
  currencyParam,
  customerParam,
  methodParam,
  methodTypesParam,
  setupFutureUsageParam,
} from '../intent-params.ts';
import { intentObject } from '../objects.ts';
import { bool, int, mergeMetadata, oneOf, str, urlParam, type Params } from '../params.ts';
import { checkMethodFits } from '../payment-attempts.ts';
import { confirmIntent, confirmableStatuses } from '../payment-flow.ts';
import { cancelIntent, captureIntent } from '../payment-later.ts';
import { updateIntent } from '../payment-update.ts';
import { invalidRequest, missingParam, notFound, unexpectedState } from '../stripe-objects.ts';
import type { IntentRow, TestProcessorRepo } from '../test-processor.repo.ts';

type NewIntent = Parameters<TestProcessorRepo['saveIntent']>[0];
import type { RouteContext, WithId } from './route-context.ts';

async function intentOrNotFound(ctx: RouteContext, id: string): Promise<IntentRow> {
  const row = await ctx.repo.intent(id);
  if (!row) throw notFound('payment_intent', id);
  return row;
}

/** The new intent's row, every parameter checked before anything is saved. */
async function newIntent(ctx: RouteContext, params: Params): Promise<NewIntent> {
  const amount = amountParam(params);
  if (amount === undefined) throw missingParam('amount');
  const currency = currencyParam(params);
  if (!currency) throw missingParam('currency');
  const types = methodTypesParam(params) ?? ['card'];
  const customer = await customerParam(ctx, params);
  const method = await methodParam(ctx, params);
  if (method) checkMethodFits('PaymentIntent', types, method, customer ?? null);
  const id = newId('pi');
  return {
    id,
    client_secret: newClientSecret(id),
    amount,
    currency,
    status: method ? 'requires_confirmation' : 'requires_payment_method',
    payment_method: method?.id ?? null,
    capture_method:
      oneOf(params, 'capture_method', ['automatic', 'automatic_async', 'manual'] as const) ??
      'automatic',
    metadata_json: JSON.stringify(mergeMetadata({}, params)),
    description: str(params, 'description') ?? null,
    last_payment_error_json: null,
    payment_method_types_json: JSON.stringify(types),
    customer: customer ?? null,
    setup_future_usage: setupFutureUsageParam(params) ?? null,
    return_url: urlParam(params, 'return_url') ?? null,
    next_action_json: null,
    cancellation_reason: null,
    canceled_at: null,
    settles_at: null,
  };
}

export function intentRoutes(processor: FastifyInstance, ctx: RouteContext): void {
  processor.post('/v1/payment_intents', async (request) => {
    callerOf(request, false);
    const params = bodyOf(request);
    return idempotent(ctx.repo, request, params, async () => {
      const confirm = bool(params, 'confirm') ?? false;
      if (!confirm && params.off_session !== undefined)
        throw invalidRequest('off_session can only be used with confirm=true.', 'off_session');
      const values = await newIntent(ctx, params);
      const input = confirm ? await confirmParams(ctx, request, params, 'secret') : undefined;
      await ctx.repo.saveIntent(values);
      const intent = (await ctx.repo.intent(values.id))!;
      return intentObject(input ? await confirmIntent(ctx, intent, input) : intent);
    });
  });

  processor.get('/v1/payment_intents/:id', async (request: WithId) => {
    const caller = callerOf(request, true);
    const row = await intentOrNotFound(ctx, request.params.id);
    checkClientSecret(caller, str(queryOf(request), 'client_secret'), row, 'payment_intent');
    return intentObject(row);
  });

  processor.post('/v1/payment_intents/:id', async (request: WithId) => {
    callerOf(request, false);
    const params = bodyOf(request);
    return idempotent(ctx.repo, request, params, async () => {
      const row = await intentOrNotFound(ctx, request.params.id);
      return intentObject(await updateIntent(ctx, row, params));
    });
  });

  processor.post(
    '/v1/payment_intents/:id/confirm',
    { config: ctx.browserRouteConfig },
    async (request: WithId) => {
      const caller = callerOf(request, true);
      const params = bodyOf(request);
      return idempotent(ctx.repo, request, params, async () => {
        const row = await intentOrNotFound(ctx, request.params.id);
        checkClientSecret(caller, str(params, 'client_secret'), row, 'payment_intent');
        if (!(confirmableStatuses as readonly string[]).includes(row.status))
          throw unexpectedState('PaymentIntent', row.status, 'confirm', confirmableStatuses);
        const input = await confirmParams(ctx, request, params, caller);
        return intentObject(await confirmIntent(ctx, row, input));
      });
    },
  );

  processor.post('/v1/payment_intents/:id/cancel', async (request: WithId) => {
    callerOf(request, false);
    const params = bodyOf(request);
    return idempotent(ctx.repo, request, params, async () => {
      const row = await intentOrNotFound(ctx, request.params.id);
      const reason = oneOf(params, 'cancellation_reason', [
        'duplicate',
        'fraudulent',
        'requested_by_customer',
        'abandoned',
      ] as const);
      return intentObject(await cancelIntent(ctx, row, reason));
    });
  });

  processor.post('/v1/payment_intents/:id/capture', async (request: WithId) => {
    callerOf(request, false);
    const params = bodyOf(request);
    return idempotent(ctx.repo, request, params, async () => {
      const row = await intentOrNotFound(ctx, request.params.id);
      return intentObject(await captureIntent(ctx, row, int(params, 'amount_to_capture')));
    });
  });
}

import { moveIntent } from './context.ts';
import {
  amountParam,
  currencyParam,
  customerParam,
  methodParam,
  methodTypesParam,
  setupFutureUsageParam,
} from './intent-params.ts';
import { mergeMetadata, oneOf, str, type Params } from './params.ts';
import { checkMethodFits } from './payment-attempts.ts';
import { confirmableStatuses } from './payment-moves.ts';
import { invalidRequest, unexpectedState } from './stripe-objects.ts';
import type { IntentRow, IntentUpdate } from './test-processor.repo.ts';
import type { RouteContext } from './routes/route-context.ts';

/** What may change only before the payment is made; metadata and description change any time. */
const paymentFields = [
  'amount',
  'currency',
  'payment_method',
  'payment_method_types',
  'allowed_payment_method_types',
  'automatic_payment_methods',
  'customer',
  'setup_future_usage',
  'capture_method',
] as const;

function refuseLateChanges(intent: IntentRow, params: Params): void {
  const field = paymentFields.find((key) => params[key] !== undefined);
  if (!field || (confirmableStatuses as readonly string[]).includes(intent.status)) return;
  throw invalidRequest(
    `This PaymentIntent's ${field} could not be updated because it has a status of ${intent.status}. You may only update the ${field} of a PaymentIntent with one of the following statuses: ${confirmableStatuses.join(', ')}.`,
    field,
    'payment_intent_unexpected_state',
  );
}

async function paymentChanges(ctx: RouteContext, intent: IntentRow, params: Params) {
  const values: IntentUpdate = {};
  const amount = amountParam(params);
  if (amount !== undefined) values.amount = amount;
  const currency = currencyParam(params);
  if (currency) values.currency = currency;
  const types = methodTypesParam(params);
  if (types) values.payment_method_types_json = JSON.stringify(types);
  if (params.customer !== undefined) values.customer = (await customerParam(ctx, params)) ?? null;
  if (params.setup_future_usage !== undefined)
    values.setup_future_usage = setupFutureUsageParam(params) ?? null;
  const capture = oneOf(params, 'capture_method', [
    'automatic',
    'automatic_async',
    'manual',
  ] as const);
  if (capture) values.capture_method = capture;
  if (params.payment_method !== undefined) {
    const method = await methodParam(ctx, params);
    values.payment_method = method?.id ?? null;
    if (method)
      checkMethodFits(
        'PaymentIntent',
        types ?? (JSON.parse(intent.payment_method_types_json) as string[]),
        method,
        values.customer === undefined ? intent.customer : values.customer,
      );
  }
  return values;
}

/**
 * Stripe's update: a changed payment method or amount needs confirming again, so an intent
 * waiting for an action goes back to requires_confirmation.
 */
export async function updateIntent(
  ctx: RouteContext,
  intent: IntentRow,
  params: Params,
): Promise<IntentRow> {
  refuseLateChanges(intent, params);
  const values = await paymentChanges(ctx, intent, params);
  if (params.description !== undefined) values.description = str(params, 'description') || null;
  values.metadata_json = JSON.stringify(
    mergeMetadata(JSON.parse(intent.metadata_json) as Record<string, string>, params),
  );
  if (values.payment_method !== undefined || values.amount !== undefined) {
    const method =
      values.payment_method === undefined ? intent.payment_method : values.payment_method;
    if (intent.status !== 'requires_payment_method' || method) {
      values.status = method ? 'requires_confirmation' : 'requires_payment_method';
      values.next_action_json = null;
    }
  }
  const row = await moveIntent(ctx, intent.id, [intent.status], values, undefined);
  if (row) return row;
  const now = (await ctx.repo.intent(intent.id))!;
  throw unexpectedState('PaymentIntent', now.status, 'update', confirmableStatuses);
}

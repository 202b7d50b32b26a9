import { moveIntent, type ProcessorContext } from './context.ts';
import type { CardDecline } from './cards.ts';
import { reusableMethodTypes, type MethodType } from './method-types.ts';
import { methodObject } from './objects.ts';
import { cardError, notFound } from './stripe-objects.ts';
import type {
  IntentRow,
  IntentUpdate,
  MethodRow,
  TestProcessorRepo,
} from './test-processor.repo.ts';

/** The moves a payment intent makes, each with its event: what confirm and the pages share. */
export const confirmableStatuses = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
] as const;
export const cancelableStatuses = [...confirmableStatuses, 'requires_capture', 'processing'];

/** After the first success: a method paid with `setup_future_usage` is saved to the customer. */
async function saveForLater(repo: TestProcessorRepo, intent: IntentRow, method: MethodRow) {
  if (!intent.customer || !intent.setup_future_usage || method.customer) return;
  if (!reusableMethodTypes.includes(method.type as MethodType)) return;
  await repo.setMethodCustomer(method.id, intent.customer);
}

export function succeeded(
  ctx: ProcessorContext,
  intent: IntentRow,
  from: readonly string[],
  values: IntentUpdate,
  method: MethodRow,
) {
  const manual = intent.capture_method === 'manual';
  return moveIntent(
    ctx,
    intent.id,
    from,
    {
      ...values,
      status: manual ? 'requires_capture' : 'succeeded',
      amount_received: manual ? 0 : intent.amount,
      next_action_json: null,
      settles_at: null,
    },
    manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded',
    (repo, row) => saveForLater(repo, row, method),
  );
}

export function failed(
  ctx: ProcessorContext,
  intent: IntentRow,
  from: readonly string[],
  values: IntentUpdate,
  error: object,
) {
  return moveIntent(
    ctx,
    intent.id,
    from,
    {
      ...values,
      status: 'requires_payment_method',
      payment_method: null,
      next_action_json: null,
      last_payment_error_json: JSON.stringify(error),
    },
    'payment_intent.payment_failed',
  );
}

export function declined(
  ctx: ProcessorContext,
  intent: IntentRow,
  from: readonly string[],
  values: IntentUpdate,
  decline: CardDecline,
  method: MethodRow,
) {
  return failed(ctx, intent, from, values, cardError(decline, methodObject(method)));
}

/** The intent as it is now, when a change found it had already moved on. */
export async function current(ctx: ProcessorContext, id: string): Promise<IntentRow> {
  const row = await ctx.repo.intent(id);
  if (!row) throw notFound('payment_intent', id);
  return row;
}

export async function methodOf(
  ctx: ProcessorContext,
  intent: IntentRow,
): Promise<MethodRow | undefined> {
  return intent.payment_method ? ctx.repo.paymentMethod(intent.payment_method) : undefined;
}

import { nowIso } from './db/schema.ts';
import { moveIntent, type ProcessorContext } from './context.ts';
import { cancelableStatuses, current } from './payment-moves.ts';
import { invalidRequest, unexpectedState } from './stripe-objects.ts';
import type { IntentRow } from './test-processor.repo.ts';

/** What the shop does to a payment afterwards: cancel it, or capture what was authorised. */
export async function cancelIntent(
  ctx: ProcessorContext,
  intent: IntentRow,
  reason: string | undefined,
): Promise<IntentRow> {
  const row = await moveIntent(
    ctx,
    intent.id,
    cancelableStatuses,
    {
      status: 'canceled',
      cancellation_reason: reason ?? null,
      canceled_at: nowIso(),
      next_action_json: null,
      settles_at: null,
    },
    'payment_intent.canceled',
  );
  if (row) return row;
  const now = await current(ctx, intent.id);
  throw unexpectedState('PaymentIntent', now.status, 'cancel', cancelableStatuses);
}

export async function captureIntent(
  ctx: ProcessorContext,
  intent: IntentRow,
  amount: number | undefined,
): Promise<IntentRow> {
  if (amount !== undefined && (amount < 1 || amount > intent.amount))
    throw invalidRequest(
      `The amount to capture must be between 1 and the amount capturable (${intent.amount}).`,
      'amount_to_capture',
      'amount_too_large',
    );
  const row = await moveIntent(
    ctx,
    intent.id,
    ['requires_capture'],
    { status: 'succeeded', amount_received: amount ?? intent.amount },
    'payment_intent.succeeded',
  );
  if (row) return row;
  const now = await current(ctx, intent.id);
  throw unexpectedState('PaymentIntent', now.status, 'capture', ['requires_capture']);
}

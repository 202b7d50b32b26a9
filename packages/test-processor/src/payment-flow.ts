import { TEST_PROCESSOR_SEPA_SETTLE_MS } from './constants.ts';
import { nowIso } from './db/schema.ts';
import { moveIntent, type ProcessorContext } from './context.ts';
import { redirectAction, voucherAction } from './next-actions.ts';
import { intentObject } from './objects.ts';
import { attemptFor, checkMethodFits, type Attempt } from './payment-attempts.ts';
import { confirmableStatuses, current, declined, succeeded } from './payment-moves.ts';
import { invalidRequest, notFound, StripeApiError, unexpectedState } from './stripe-objects.ts';
import type { IntentRow, IntentUpdate, MethodRow } from './test-processor.repo.ts';

export { confirmableStatuses } from './payment-moves.ts';

export interface ConfirmInput {
  paymentMethodId: string | undefined;
  returnUrl: string | undefined;
  offSession: boolean;
  blikCode: string | undefined;
  /** The processor's own origin, for the pages `next_action` sends the shopper to. */
  origin: string;
}

const types = (intent: IntentRow) => JSON.parse(intent.payment_method_types_json) as string[];

function apply(
  ctx: ProcessorContext,
  intent: IntentRow,
  method: MethodRow,
  attempt: Attempt,
  input: ConfirmInput,
) {
  const from = confirmableStatuses;
  const returnUrl = input.returnUrl ?? intent.return_url;
  const values: IntentUpdate = {
    payment_method: method.id,
    return_url: returnUrl,
    last_payment_error_json: null,
  };
  const waiting = (nextAction: object, status = 'requires_action') =>
    moveIntent(
      ctx,
      intent.id,
      from,
      { ...values, status, next_action_json: JSON.stringify(nextAction) },
      'payment_intent.requires_action',
    );
  switch (attempt.kind) {
    case 'succeed':
      return succeeded(ctx, intent, from, values, method);
    case 'decline':
      return declined(ctx, intent, from, values, attempt.decline, method);
    case 'challenge':
    case 'authorize':
      return waiting(redirectAction(input.origin, attempt.kind, intent, returnUrl));
    case 'voucher':
      return waiting(voucherAction(attempt.type, input.origin, intent, new Date()));
    case 'process': {
      const at = new Date(Date.now() + TEST_PROCESSOR_SEPA_SETTLE_MS);
      return moveIntent(
        ctx,
        intent.id,
        from,
        { ...values, status: 'processing', next_action_json: null, settles_at: nowIso(at) },
        'payment_intent.processing',
      ).then((row) => {
        if (row) ctx.scheduleSettle(row.id, at);
        return row;
      });
    }
  }
}

/**
 * Confirms as Stripe's test mode does: cards succeed, decline (402, back to
 * requires_payment_method) or ask for 3D Secure; redirect methods and vouchers wait in
 * requires_action; BLIK checks its code; SEPA debits are processing.
 */
export async function confirmIntent(
  ctx: ProcessorContext,
  intent: IntentRow,
  input: ConfirmInput,
): Promise<IntentRow> {
  if (!(confirmableStatuses as readonly string[]).includes(intent.status))
    throw unexpectedState('PaymentIntent', intent.status, 'confirm', confirmableStatuses);
  const methodId = input.paymentMethodId ?? intent.payment_method;
  if (!methodId)
    throw invalidRequest(
      "You cannot confirm this PaymentIntent because it's missing a payment method. Update the PaymentIntent with a payment method and then confirm it again.",
      'payment_method',
      'payment_intent_unexpected_state',
    );
  const method = await ctx.repo.paymentMethod(methodId);
  if (!method) throw notFound('payment_method', methodId, 'payment_method');
  checkMethodFits('PaymentIntent', types(intent), method, intent.customer);
  const attempt = attemptFor(method, { ...input, setup: false });
  const row = await apply(ctx, intent, method, attempt, input);
  if (!row) {
    const now = await current(ctx, intent.id);
    throw unexpectedState('PaymentIntent', now.status, 'confirm', confirmableStatuses);
  }
  if (attempt.kind === 'decline') {
    const error = JSON.parse(row.last_payment_error_json!) as object;
    throw new StripeApiError(402, {
      ...(error as { message: string }),
      type: 'card_error',
      payment_intent: intentObject(row),
    });
  }
  return row;
}

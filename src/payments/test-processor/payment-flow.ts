import { TEST_PROCESSOR_SEPA_SETTLE_MS } from '../../platform/constants/index.ts';
import { nowIso } from '../../platform/db/database.ts';
import type { CardDecline } from './cards.ts';
import { moveIntent, type ProcessorContext } from './context.ts';
import { reusableMethodTypes, type MethodType } from './method-types.ts';
import { redirectAction, voucherAction } from './next-actions.ts';
import { intentObject, methodObject } from './objects.ts';
import { attemptFor, cardOutcome, checkMethodFits, type Attempt } from './payment-attempts.ts';
import {
  attemptError,
  cardError,
  invalidRequest,
  notFound,
  StripeApiError,
  unexpectedState,
} from './stripe-objects.ts';
import type {
  IntentRow,
  IntentUpdate,
  MethodRow,
  TestProcessorRepo,
} from './test-processor.repo.ts';

export const confirmableStatuses = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
] as const;
export const cancelableStatuses = [...confirmableStatuses, 'requires_capture', 'processing'];

export interface ConfirmInput {
  paymentMethodId: string | undefined;
  returnUrl: string | undefined;
  offSession: boolean;
  blikCode: string | undefined;
  /** The processor's own origin, for the pages `next_action` sends the shopper to. */
  origin: string;
}

const types = (intent: IntentRow) => JSON.parse(intent.payment_method_types_json) as string[];

/** After the first success: a method paid with `setup_future_usage` is saved to the customer. */
async function saveForLater(repo: TestProcessorRepo, intent: IntentRow, method: MethodRow) {
  if (!intent.customer || !intent.setup_future_usage || method.customer) return;
  if (!reusableMethodTypes.includes(method.type as MethodType)) return;
  await repo.setMethodCustomer(method.id, intent.customer);
}

function succeeded(
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

function failed(
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

function declined(
  ctx: ProcessorContext,
  intent: IntentRow,
  from: readonly string[],
  values: IntentUpdate,
  decline: CardDecline,
  method: MethodRow,
) {
  return failed(ctx, intent, from, values, cardError(decline, methodObject(method)));
}

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

/** The intent as it is now, when a change found it had already moved on. */
async function current(ctx: ProcessorContext, id: string): Promise<IntentRow> {
  const row = await ctx.repo.intent(id);
  if (!row) throw notFound('payment_intent', id);
  return row;
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

async function methodOf(ctx: ProcessorContext, intent: IntentRow): Promise<MethodRow | undefined> {
  return intent.payment_method ? ctx.repo.paymentMethod(intent.payment_method) : undefined;
}

/** The 3D Secure challenge's answer: Complete goes on as the card would, Fail fails the attempt. */
export async function finishChallenge(
  ctx: ProcessorContext,
  intent: IntentRow,
  passed: boolean,
): Promise<IntentRow> {
  const method = await methodOf(ctx, intent);
  if (intent.status !== 'requires_action' || method?.type !== 'card') return intent;
  const from = ['requires_action'];
  const outcome = cardOutcome(method);
  const row = !passed
    ? await failed(
        ctx,
        intent,
        from,
        {},
        attemptError('payment_intent_authentication_failure', methodObject(method)),
      )
    : outcome.kind === 'authenticate' && outcome.then
      ? await declined(ctx, intent, from, {}, outcome.then, method)
      : await succeeded(ctx, intent, from, {}, method);
  return row ?? current(ctx, intent.id);
}

/** The redirect method's answer on the authorisation page. */
export async function finishRedirect(
  ctx: ProcessorContext,
  intent: IntentRow,
  authorized: boolean,
): Promise<IntentRow> {
  const method = await methodOf(ctx, intent);
  if (intent.status !== 'requires_action' || !method) return intent;
  const from = ['requires_action'];
  const row = authorized
    ? await succeeded(ctx, intent, from, {}, method)
    : await failed(
        ctx,
        intent,
        from,
        {},
        attemptError('payment_intent_payment_attempt_failed', methodObject(method)),
      );
  return row ?? current(ctx, intent.id);
}

/** A voucher paid at the counter (the voucher page's Simulate payment). */
export async function payVoucher(ctx: ProcessorContext, intent: IntentRow): Promise<IntentRow> {
  const method = await methodOf(ctx, intent);
  if (intent.status !== 'requires_action' || !method) return intent;
  return (await succeeded(ctx, intent, ['requires_action'], {}, method)) ?? current(ctx, intent.id);
}

/** A processing debit clears. Nothing happens if it has moved on (canceled, settled). */
export async function settleDebit(ctx: ProcessorContext, id: string): Promise<void> {
  const intent = await ctx.repo.intent(id);
  const method = intent && (await methodOf(ctx, intent));
  if (intent?.status !== 'processing' || !method) return;
  await succeeded(ctx, intent, ['processing'], {}, method);
}

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

import { moveSetupIntent, type ProcessorContext } from './context.ts';
import { redirectAction } from './next-actions.ts';
import { methodObject, setupIntentObject } from './objects.ts';
import { attemptFor, checkMethodFits } from './payment-attempts.ts';
import {
  attemptError,
  cardError,
  invalidRequest,
  notFound,
  StripeApiError,
  unexpectedState,
} from './stripe-objects.ts';
import type { MethodRow, SetupIntentRow, SetupIntentUpdate } from './test-processor.repo.ts';

export const setupConfirmableStatuses = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
] as const;

export interface SetupConfirmInput {
  paymentMethodId: string | undefined;
  returnUrl: string | undefined;
  origin: string;
}

/** Succeeded: the method is saved to the SetupIntent's customer, as Stripe does. */
function setupSucceeded(
  ctx: ProcessorContext,
  intent: SetupIntentRow,
  from: readonly string[],
  values: SetupIntentUpdate,
  method: MethodRow,
) {
  return moveSetupIntent(
    ctx,
    intent.id,
    from,
    { ...values, status: 'succeeded', next_action_json: null, last_setup_error_json: null },
    'setup_intent.succeeded',
    async (repo, row) => {
      if (row.customer) await repo.setMethodCustomer(method.id, row.customer);
    },
  );
}

function setupFailed(
  ctx: ProcessorContext,
  intent: SetupIntentRow,
  from: readonly string[],
  error: object,
) {
  return moveSetupIntent(
    ctx,
    intent.id,
    from,
    {
      status: 'requires_payment_method',
      payment_method: null,
      next_action_json: null,
      last_setup_error_json: JSON.stringify(error),
    },
    'setup_intent.setup_failed',
  );
}

async function current(ctx: ProcessorContext, id: string): Promise<SetupIntentRow> {
  const row = await ctx.repo.setupIntent(id);
  if (!row) throw notFound('setup_intent', id);
  return row;
}

/**
 * Confirms a SetupIntent: cards are checked (only a card that declines on charges alone, 0341,
 * saves despite declining), 3D Secure cards and redirect methods wait for their page.
 */
export async function confirmSetupIntent(
  ctx: ProcessorContext,
  intent: SetupIntentRow,
  input: SetupConfirmInput,
): Promise<SetupIntentRow> {
  const from = setupConfirmableStatuses;
  if (!(from as readonly string[]).includes(intent.status))
    throw unexpectedState('SetupIntent', intent.status, 'confirm', from);
  const methodId = input.paymentMethodId ?? intent.payment_method;
  if (!methodId)
    throw invalidRequest(
      "You cannot confirm this SetupIntent because it's missing a payment method.",
      'payment_method',
      'setup_intent_unexpected_state',
    );
  const method = await ctx.repo.paymentMethod(methodId);
  if (!method) throw notFound('payment_method', methodId, 'payment_method');
  const types = JSON.parse(intent.payment_method_types_json) as string[];
  checkMethodFits('SetupIntent', types, method, intent.customer);
  const attempt = attemptFor(method, {
    ...input,
    offSession: false,
    blikCode: undefined,
    setup: true,
  });
  const returnUrl = input.returnUrl ?? intent.return_url;
  const values = { payment_method: method.id, return_url: returnUrl };
  let row: SetupIntentRow | undefined;
  switch (attempt.kind) {
    case 'succeed':
    case 'process':
      row = await setupSucceeded(ctx, intent, from, values, method);
      break;
    case 'decline':
      row = await setupFailed(ctx, intent, from, cardError(attempt.decline, methodObject(method)));
      if (row)
        throw new StripeApiError(402, {
          ...cardError(attempt.decline, methodObject(method)),
          setup_intent: setupIntentObject(row),
        });
      break;
    case 'challenge':
    case 'authorize':
      row = await moveSetupIntent(
        ctx,
        intent.id,
        from,
        {
          ...values,
          status: 'requires_action',
          last_setup_error_json: null,
          next_action_json: JSON.stringify(
            redirectAction(input.origin, attempt.kind, intent, returnUrl),
          ),
        },
        'setup_intent.requires_action',
      );
      break;
    case 'voucher':
      throw invalidRequest(`${method.type} cannot be set up for later use.`, 'payment_method');
  }
  if (row) return row;
  throw unexpectedState('SetupIntent', (await current(ctx, intent.id)).status, 'confirm', from);
}

async function waitingMethod(ctx: ProcessorContext, intent: SetupIntentRow) {
  if (intent.status !== 'requires_action' || !intent.payment_method) return undefined;
  return ctx.repo.paymentMethod(intent.payment_method);
}

/** The challenge or authorisation page's answer for a SetupIntent. */
export async function finishSetup(
  ctx: ProcessorContext,
  intent: SetupIntentRow,
  passed: boolean,
): Promise<SetupIntentRow> {
  const method = await waitingMethod(ctx, intent);
  if (!method) return intent;
  const from = ['requires_action'];
  const failure =
    method.type === 'card'
      ? 'setup_intent_authentication_failure'
      : 'setup_intent_setup_attempt_failed';
  const row = passed
    ? await setupSucceeded(ctx, intent, from, {}, method)
    : await setupFailed(ctx, intent, from, attemptError(failure, methodObject(method)));
  return row ?? current(ctx, intent.id);
}

export async function cancelSetupIntent(
  ctx: ProcessorContext,
  intent: SetupIntentRow,
  reason: string | undefined,
): Promise<SetupIntentRow> {
  const from = setupConfirmableStatuses;
  const row = await moveSetupIntent(
    ctx,
    intent.id,
    from,
    { status: 'canceled', cancellation_reason: reason ?? null, next_action_json: null },
    'setup_intent.canceled',
  );
  if (row) return row;
  throw unexpectedState('SetupIntent', (await current(ctx, intent.id)).status, 'cancel', from);
}

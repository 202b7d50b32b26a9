import type { ProcessorContext } from './context.ts';
import { methodObject } from './objects.ts';
import { cardOutcome } from './payment-attempts.ts';
import { current, declined, failed, methodOf, succeeded } from './payment-moves.ts';
import { attemptError } from './stripe-objects.ts';
import type { IntentRow } from './test-processor.repo.ts';

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

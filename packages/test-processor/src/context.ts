import type { ProcessorDb } from './db/schema.ts';
import { recordEvent, type EventType } from './events.ts';
import { intentObject, setupIntentObject } from './objects.ts';
import {
  testProcessorRepo,
  type IntentRow,
  type IntentUpdate,
  type SetupIntentRow,
  type SetupIntentUpdate,
  type TestProcessorRepo,
} from './test-processor.repo.ts';
import type { WebhookDelivery } from './webhook-delivery.ts';

/** What every part of the processor works with. */
export interface ProcessorContext {
  db: ProcessorDb;
  repo: TestProcessorRepo;
  webhooks: WebhookDelivery;
  /** A processing debit succeeds at `at` (a timer, or `settleProcessing` in tests). */
  scheduleSettle(intentId: string, at: Date): void;
}

type Also<Row> = (repo: TestProcessorRepo, row: Row) => Promise<void>;

/**
 * Moves a payment intent on, only from the statuses given; its event (and `also`, e.g. saving
 * the method to the customer) commit with it. Undefined when the intent had already moved on.
 */
export async function moveIntent(
  ctx: ProcessorContext,
  id: string,
  from: readonly string[],
  values: IntentUpdate,
  event: EventType | undefined,
  also?: Also<IntentRow>,
): Promise<IntentRow | undefined> {
  const row = await ctx.db.transaction().execute(async (tx) => {
    const repo = testProcessorRepo(tx);
    if (!(await repo.updateIntentIf(id, from, values))) return undefined;
    const updated = (await repo.intent(id))!;
    await also?.(repo, updated);
    if (event) await recordEvent(tx, event, intentObject(updated));
    return updated;
  });
  if (row && event) ctx.webhooks.kick();
  return row;
}

export async function moveSetupIntent(
  ctx: ProcessorContext,
  id: string,
  from: readonly string[],
  values: SetupIntentUpdate,
  event: EventType | undefined,
  also?: Also<SetupIntentRow>,
): Promise<SetupIntentRow | undefined> {
  const row = await ctx.db.transaction().execute(async (tx) => {
    const repo = testProcessorRepo(tx);
    if (!(await repo.updateSetupIntentIf(id, from, values))) return undefined;
    const updated = (await repo.setupIntent(id))!;
    await also?.(repo, updated);
    if (event) await recordEvent(tx, event, setupIntentObject(updated));
    return updated;
  });
  if (row && event) ctx.webhooks.kick();
  return row;
}

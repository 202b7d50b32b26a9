import type { Kysely } from 'kysely';
import { nowIso } from './db/schema.ts';
import type { TestProcessorTables } from './db/schema.ts';
import { newId, unix } from './ids.ts';
import { stripeSdk } from './stripe-sdk.ts';

export type EventType =
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'payment_intent.requires_action'
  | 'payment_intent.processing'
  | 'payment_intent.canceled'
  | 'payment_intent.amount_capturable_updated'
  | 'setup_intent.succeeded'
  | 'setup_intent.setup_failed'
  | 'setup_intent.requires_action'
  | 'setup_intent.canceled';

/** A Stripe-shaped event, as Stripe would POST it to a webhook endpoint. */
export function eventObject(id: string, type: EventType, object: unknown, createdIso: string) {
  return {
    id,
    object: 'event' as const,
    api_version: stripeSdk().API_VERSION,
    created: unix(createdIso),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** Records an event in the transaction that changed its object; delivery happens after commit. */
export async function recordEvent(
  db: Kysely<TestProcessorTables>,
  type: EventType,
  object: { id: string },
): Promise<void> {
  const id = newId('evt');
  const createdAt = nowIso();
  await db
    .insertInto('tp_events')
    .values({
      id,
      type,
      object_id: object.id,
      payload_json: JSON.stringify(eventObject(id, type, object, createdAt)),
      created_at: createdAt,
      next_attempt_at: createdAt,
    })
    .execute();
}

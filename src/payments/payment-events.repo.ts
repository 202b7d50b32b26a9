import type Stripe from 'stripe';
import { nowIso, type Db } from '../platform/db/database.ts';

/** The processor's events already handled, by id: a redelivered event is handled once. */
export function paymentEventsRepo(db: Db) {
  return {
    /** Records the event; false when its id was recorded before. */
    async record(event: Stripe.Event): Promise<boolean> {
      const fresh = await db
        .insertInto('payment_events')
        .values({ id: event.id, type: event.type, received_at: nowIso() })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(fresh.numInsertedOrUpdatedRows ?? 0) > 0;
    },
  };
}

import type { Db } from '../../platform/db/database.ts';
import { nowIso } from '../../platform/db/database.ts';

export function testProcessorRepo(db: Db) {
  return {
    async savePaymentMethod(values: {
      id: string;
      brand: string;
      last4: string;
      exp_month: number;
      exp_year: number;
      test_outcome: string;
      billing_json: string;
    }) {
      await db
        .insertInto('tp_payment_methods')
        .values({ ...values, created_at: nowIso() })
        .execute();
    },
    paymentMethod(id: string) {
      return db
        .selectFrom('tp_payment_methods')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async saveIntent(values: {
      id: string;
      client_secret: string;
      amount: number;
      currency: string;
      status: string;
      payment_method: string | null;
      capture_method: string;
      metadata_json: string;
      description: string | null;
    }) {
      await db
        .insertInto('tp_payment_intents')
        .values({ ...values, last_payment_error_json: null, created_at: nowIso() })
        .execute();
    },
    intent(id: string) {
      return db
        .selectFrom('tp_payment_intents')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async updateIntent(
      id: string,
      values: {
        status?: string;
        payment_method?: string | null;
        last_payment_error_json?: string | null;
        amount?: number;
        metadata_json?: string;
      },
    ) {
      await db.updateTable('tp_payment_intents').set(values).where('id', '=', id).execute();
    },
    idempotent(key: string) {
      return db.selectFrom('tp_idempotency').selectAll().where('key', '=', key).executeTakeFirst();
    },
    async remember(key: string, requestHash: string, statusCode: number, response: unknown) {
      await db
        .insertInto('tp_idempotency')
        .values({
          key,
          request_hash: requestHash,
          status_code: statusCode,
          response_json: JSON.stringify(response),
          created_at: nowIso(),
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },
  };
}

export type TestProcessorRepo = ReturnType<typeof testProcessorRepo>;

import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import {
  nowIso,
  type TestProcessorTables,
  type TpCustomersTable,
  type TpPaymentIntentsTable,
  type TpPaymentMethodsTable,
  type TpSetupIntentsTable,
} from './db/schema.ts';

export type MethodRow = Selectable<TpPaymentMethodsTable>;
export type IntentRow = Selectable<TpPaymentIntentsTable>;
export type SetupIntentRow = Selectable<TpSetupIntentsTable>;
export type CustomerRow = Selectable<TpCustomersTable>;
export type IntentUpdate = Omit<Updateable<TpPaymentIntentsTable>, 'id' | 'created_at'>;
export type SetupIntentUpdate = Omit<Updateable<TpSetupIntentsTable>, 'id' | 'created_at'>;

type New<T> = Omit<Insertable<T>, 'created_at'>;

/** The test processor's rows; works on the database or inside a transaction. */
export function testProcessorRepo(db: Kysely<TestProcessorTables>) {
  return {
    async saveCustomer(values: New<TpCustomersTable>) {
      await db
        .insertInto('tp_customers')
        .values({ ...values, created_at: nowIso() })
        .execute();
    },
    customer(id: string) {
      return db.selectFrom('tp_customers').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async savePaymentMethod(values: New<TpPaymentMethodsTable>) {
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
    async setMethodCustomer(id: string, customer: string | null) {
      await db.updateTable('tp_payment_methods').set({ customer }).where('id', '=', id).execute();
    },
    customerMethods(customer: string, type: string | undefined) {
      let query = db.selectFrom('tp_payment_methods').selectAll().where('customer', '=', customer);
      if (type) query = query.where('type', '=', type);
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },

    async saveIntent(values: New<TpPaymentIntentsTable>) {
      await db
        .insertInto('tp_payment_intents')
        .values({ ...values, created_at: nowIso() })
        .execute();
    },
    intent(id: string) {
      return db
        .selectFrom('tp_payment_intents')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Changes the intent only while it is in one of `from`: two confirms never both win. */
    async updateIntentIf(
      id: string,
      from: readonly string[],
      values: IntentUpdate,
    ): Promise<boolean> {
      const result = await db
        .updateTable('tp_payment_intents')
        .set(values)
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    /** Debits still processing, those due by `dueBy` if given. */
    processingIntents(dueBy?: string) {
      let query = db
        .selectFrom('tp_payment_intents')
        .select(['id', 'settles_at'])
        .where('status', '=', 'processing')
        .where('settles_at', 'is not', null);
      if (dueBy) query = query.where('settles_at', '<=', dueBy);
      return query.execute();
    },

    async saveSetupIntent(values: New<TpSetupIntentsTable>) {
      await db
        .insertInto('tp_setup_intents')
        .values({ ...values, created_at: nowIso() })
        .execute();
    },
    setupIntent(id: string) {
      return db.selectFrom('tp_setup_intents').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async updateSetupIntentIf(
      id: string,
      from: readonly string[],
      values: SetupIntentUpdate,
    ): Promise<boolean> {
      const result = await db
        .updateTable('tp_setup_intents')
        .set(values)
        .where('id', '=', id)
        .where('status', 'in', from)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    idempotent(key: string) {
      return db.selectFrom('tp_idempotency').selectAll().where('key', '=', key).executeTakeFirst();
    },
    /** Takes the key for a request now running (status 0); false if someone has it already. */
    async claim(key: string, requestHash: string): Promise<boolean> {
      const result = await db
        .insertInto('tp_idempotency')
        .values({
          key,
          request_hash: requestHash,
          status_code: 0,
          response_json: '{}',
          created_at: nowIso(),
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },
    async remember(key: string, statusCode: number, response: unknown) {
      await db
        .updateTable('tp_idempotency')
        .set({ status_code: statusCode, response_json: JSON.stringify(response) })
        .where('key', '=', key)
        .execute();
    },
    async forget(key: string) {
      await db.deleteFrom('tp_idempotency').where('key', '=', key).execute();
    },
  };
}

export type TestProcessorRepo = ReturnType<typeof testProcessorRepo>;

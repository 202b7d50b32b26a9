import type { Db, Tx } from '../platform/db/database.ts';
import { formDefinitionSchema, type FormDefinition } from './definition.ts';
import type { StoredAnswers } from './wire.ts';

/** An entry as it is stored: the answers by field id and where and when they came from. */
export interface NewEntry {
  formId: string;
  answers: StoredAnswers;
  visitorId: string | undefined;
  pageUrl: string;
  startedAt: Date | undefined;
  endedAt: Date | undefined;
  notificationStatus: 'queued' | 'none' | 'awaiting_payment';
  createdAt: Date;
  /** A paying entry (issue 13): its payment state and the browser's id of the submission. */
  payment?: { status: EntryPaymentStatus; submissionKey: string };
}

/** An entry's payment (form_entries.status): waiting, failed (it may be tried again) or paid. */
export type EntryPaymentStatus = 'pending' | 'failed' | 'completed';

/** What the paying side needs of an entry. */
export interface PayingEntry {
  id: number;
  formId: string;
  status: string;
  orderId: number | null;
  answers: StoredAnswers;
  pageUrl: string;
}

export interface NewEntryFile {
  fieldId: string;
  originalName: string;
  storedName: string;
  mimeType: string;
  size: number;
}

export interface StoredEntry {
  id: number;
  formId: string;
  answers: StoredAnswers;
  visitorId: string | null;
  pageUrl: string;
  startedAt: string | null;
  endedAt: string | null;
  notificationStatus: string;
  createdAt: string;
  files: NewEntryFile[];
  /** submitted; or a paying entry's pending, failed or completed. */
  status: string;
  orderId: number | null;
}

const iso = (date: Date | undefined) => (date ? date.toISOString() : null);

/** The forms, their entries and the used ALTCHA challenges, on SQLite and PostgreSQL alike. */
export function formsRepo(db: Db) {
  return {
    /** A form's definition, checked against today's schema; undefined when there is none. */
    async form(id: string): Promise<FormDefinition | undefined> {
      const row = await db
        .selectFrom('forms')
        .select('definition_json')
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? formDefinitionSchema.parse(JSON.parse(row.definition_json)) : undefined;
    },

    /** Of these form ids, those with no form stored. */
    async missingForms(ids: readonly string[]): Promise<string[]> {
      const stored = await db.selectFrom('forms').select('id').where('id', 'in', ids).execute();
      return ids.filter((id) => !stored.some((row) => row.id === id));
    },

    /** Adds the forms that are not there yet (a form the owner changed is left as it is). */
    async addMissing(forms: readonly FormDefinition[], now = new Date()): Promise<number> {
      let added = 0;
      for (const form of forms) {
        const result = await db
          .insertInto('forms')
          .values({
            id: form.id,
            definition_json: JSON.stringify(form),
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          })
          .onConflict((oc) => oc.column('id').doNothing())
          .executeTakeFirst();
        added += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
      return added;
    },

    /** Saves a definition (new or changed). */
    async save(form: FormDefinition, now = new Date()): Promise<void> {
      const definition_json = JSON.stringify(formDefinitionSchema.parse(form));
      await db
        .insertInto('forms')
        .values({
          id: form.id,
          definition_json,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({ definition_json, updated_at: now.toISOString() }),
        )
        .execute();
    },

    /** Stores one entry and its files' records in the caller's transaction: its id. */
    async insertEntry(tx: Tx, entry: NewEntry, files: readonly NewEntryFile[]): Promise<number> {
      const row = await tx
        .insertInto('form_entries')
        .values({
          form_id: entry.formId,
          fields_json: JSON.stringify(entry.answers),
          status: entry.payment?.status ?? 'submitted',
          submission_key: entry.payment?.submissionKey ?? null,
          visitor_id: entry.visitorId ?? null,
          page_url: entry.pageUrl,
          started_at: iso(entry.startedAt),
          ended_at: iso(entry.endedAt),
          notification_status: entry.notificationStatus,
          created_at: entry.createdAt.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const file of files) {
        await tx
          .insertInto('form_entry_files')
          .values({
            entry_id: row.id,
            field_id: file.fieldId,
            original_name: file.originalName,
            stored_name: file.storedName,
            mime_type: file.mimeType,
            size: file.size,
          })
          .execute();
      }
      return row.id;
    },

    /** The entry of a paying submission, by the form and the browser's submission id. */
    async payingEntry(
      db: Db,
      where: { id: number } | { formId: string; submissionKey: string },
    ): Promise<PayingEntry | undefined> {
      const row = await db
        .selectFrom('form_entries')
        .select(['id', 'form_id', 'status', 'order_id', 'fields_json', 'page_url'])
        .$if('id' in where, (qb) => qb.where('id', '=', (where as { id: number }).id))
        .$if('submissionKey' in where, (qb) => {
          const { formId, submissionKey } = where as { formId: string; submissionKey: string };
          return qb.where('form_id', '=', formId).where('submission_key', '=', submissionKey);
        })
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          formId: row.form_id,
          status: row.status,
          orderId: row.order_id,
          answers: JSON.parse(row.fields_json) as StoredAnswers,
          pageUrl: row.page_url,
        }
      );
    },

    /** A retry's answers replace an unpaid entry's (a paid one keeps what it was paid with). */
    async updateUnpaidAnswers(id: number, answers: StoredAnswers, endedAt: Date): Promise<boolean> {
      const result = await db
        .updateTable('form_entries')
        .set({ fields_json: JSON.stringify(answers), ended_at: endedAt.toISOString() })
        .where('id', '=', id)
        .where('status', '!=', 'completed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Links an unpaid entry to the order that pays for it, when it still has the order the
     * caller saw (none, or one being replaced): two submits racing link one order.
     */
    async linkOrder(id: number, orderId: number, previous: number | null): Promise<boolean> {
      const result = await db
        .updateTable('form_entries')
        .set({ order_id: orderId })
        .where('id', '=', id)
        .where('status', '!=', 'completed')
        .where((eb) =>
          previous === null ? eb('order_id', 'is', null) : eb('order_id', '=', previous),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Moves an entry's payment state with its order's, in the order's transaction; only the
     * order the entry is paid by moves it, and a paid entry stays paid. True when it moved.
     */
    async movePayment(
      tx: Tx,
      entryId: number,
      orderId: number,
      status: EntryPaymentStatus,
    ): Promise<boolean> {
      const result = await tx
        .updateTable('form_entries')
        .set({ status })
        .where('id', '=', entryId)
        .where('order_id', '=', orderId)
        .where('status', 'in', ['pending', 'failed'])
        .where('status', '!=', status)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setNotificationStatus(tx: Tx, entryId: number, status: 'queued' | 'none'): Promise<void> {
      await tx
        .updateTable('form_entries')
        .set({ notification_status: status })
        .where('id', '=', entryId)
        .execute();
    },

    /** A form's definition as the caller's transaction reads it. */
    async formIn(tx: Tx, id: string): Promise<FormDefinition | undefined> {
      const row = await tx
        .selectFrom('forms')
        .select('definition_json')
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? formDefinitionSchema.parse(JSON.parse(row.definition_json)) : undefined;
    },

    /** A form's entries, newest first. */
    async entries(formId: string, limit = 100): Promise<StoredEntry[]> {
      const rows = await db
        .selectFrom('form_entries')
        .selectAll()
        .where('form_id', '=', formId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      const files =
        rows.length === 0
          ? []
          : await db
              .selectFrom('form_entry_files')
              .selectAll()
              .where(
                'entry_id',
                'in',
                rows.map((r) => r.id),
              )
              .orderBy('id')
              .execute();
      return rows.map((row) => ({
        id: row.id,
        formId: row.form_id,
        answers: JSON.parse(row.fields_json) as StoredAnswers,
        visitorId: row.visitor_id,
        pageUrl: row.page_url,
        startedAt: row.started_at,
        endedAt: row.ended_at,
        notificationStatus: row.notification_status,
        createdAt: row.created_at,
        status: row.status,
        orderId: row.order_id,
        files: files
          .filter((f) => f.entry_id === row.id)
          .map((f) => ({
            fieldId: f.field_id,
            originalName: f.original_name,
            storedName: f.stored_name,
            mimeType: f.mime_type,
            size: Number(f.size),
          })),
      }));
    },

    /**
     * Records a solved ALTCHA challenge: true the first time, false when it was already used
     * (one insert, so two app servers racing with one solution accept it once).
     */
    async useChallenge(tx: Tx, signature: string, expiresAt: Date): Promise<boolean> {
      const result = await tx
        .insertInto('altcha_used_challenges')
        .values({ signature, expires_at: expiresAt.toISOString() })
        .onConflict((oc) => oc.column('signature').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Forgets used challenges that have expired (they can no longer verify anyway). */
    async sweepChallenges(now: Date): Promise<void> {
      await db
        .deleteFrom('altcha_used_challenges')
        .where('expires_at', '<', now.toISOString())
        .execute();
    },
  };
}

export type FormsRepo = ReturnType<typeof formsRepo>;

import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { MailQueueTable } from '../db/schema.ts';

export type QueuedMail = Selectable<MailQueueTable>;
type NewMail = Omit<Insertable<MailQueueTable>, 'status' | 'available_at' | 'attempts'>;

/** The `mail_queue` table. Every change of a claimed mail is conditional on its holder. */
export function mailQueueRepo(db: Db) {
  return {
    /** Queues a mail, once per key: false when its key was queued before. */
    async insert(mail: NewMail): Promise<boolean> {
      const result = await db
        .insertInto('mail_queue')
        .values({ ...mail, status: 'queued', attempts: 0, available_at: mail.created_at })
        .onConflict((oc) => oc.column('mail_key').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Ids of mails that may be claimed now, oldest first. */
    async due(now: Date, limit: number): Promise<number[]> {
      const rows = await db
        .selectFrom('mail_queue')
        .select('id')
        .where('status', '=', 'queued')
        .where('available_at', '<=', now.toISOString())
        .orderBy('available_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Claims a due mail for `holder` until `now + leaseMs`, counting the try: one conditional
     * update, so of several senders asking at once exactly one gets it. The mail, or undefined
     * when someone else has it (or it is not due).
     */
    async claim(
      id: number,
      holder: string,
      now: Date,
      leaseMs: number,
    ): Promise<QueuedMail | undefined> {
      return db
        .updateTable('mail_queue')
        .set((eb) => ({
          holder,
          available_at: new Date(now.getTime() + leaseMs).toISOString(),
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', id)
        .where('status', '=', 'queued')
        .where('available_at', '<=', now.toISOString())
        .returningAll()
        .executeTakeFirst();
    },

    /** The SMTP server took it. A secret body is erased now that it has gone out. */
    async markSent(mail: QueuedMail, holder: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('mail_queue')
        .set({
          status: 'sent',
          sent_at: now.toISOString(),
          last_error: null,
          ...(mail.sensitive ? { html: '', text_body: '' } : {}),
        })
        .where('id', '=', mail.id)
        .where('holder', '=', holder)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** This try failed: the mail waits until `at`, then any sender tries again. */
    async retryLater(mail: QueuedMail, holder: string, at: Date, error: string): Promise<void> {
      await db
        .updateTable('mail_queue')
        .set({ available_at: at.toISOString(), last_error: error })
        .where('id', '=', mail.id)
        .where('holder', '=', holder)
        .where('status', '=', 'queued')
        .execute();
    },

    /** No more tries: the mail is `failed` (a secret body is erased). */
    async giveUp(mail: QueuedMail, holder: string, error: string): Promise<void> {
      await db
        .updateTable('mail_queue')
        .set({
          status: 'failed',
          last_error: error,
          ...(mail.sensitive ? { html: '', text_body: '' } : {}),
        })
        .where('id', '=', mail.id)
        .where('holder', '=', holder)
        .where('status', '=', 'queued')
        .execute();
    },

    /** Forgets sent and given-up mails queued before `before`. */
    async deleteDoneBefore(before: Date): Promise<void> {
      await db
        .deleteFrom('mail_queue')
        .where('status', 'in', ['sent', 'failed'])
        .where('created_at', '<', before.toISOString())
        .execute();
    },

    async byKey(key: string): Promise<QueuedMail | undefined> {
      return db.selectFrom('mail_queue').selectAll().where('mail_key', '=', key).executeTakeFirst();
    },
  };
}

export type MailQueueRepo = ReturnType<typeof mailQueueRepo>;

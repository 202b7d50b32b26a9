import type { Kysely } from 'kysely';
import { idColumn, type MigrationKind } from './columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The mail queue (src/platform/mail): a mail is a row written in the transaction of the event
 * that causes it, and sent after commit by whichever app server claims it first.
 * - `mail_key` is unique: the same event queued twice (`order:12:new`) is one mail;
 * - `available_at` is when the row may next be claimed: now when queued, the end of the lease
 *   while a sender holds it, the retry time after a failed try; `holder` is who claimed it last;
 * - `status` is `queued` until the mail is `sent` or `failed` (given up, logged).
 */
export async function up(db: AnyDb, kind: MigrationKind): Promise<void> {
  const id = idColumn(kind);
  await db.schema
    .createTable('mail_queue')
    .addColumn('id', id.type, id.build)
    .addColumn('mail_key', 'text', (c) => c.notNull().unique())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('sensitive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('message_token', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('available_at', 'text', (c) => c.notNull())
    .addColumn('holder', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('mail_queue_status_available_at')
    .on('mail_queue')
    .columns(['status', 'available_at'])
    .execute();
}

import type { Kysely } from 'kysely';
import { idColumn, type MigrationKind } from './columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The form builder (issue 12):
 * - `forms`: each form's definition (JSON checked by src/forms/definition.ts), by its slug id;
 * - `form_entries`: what visitors submitted, with their timestamps, visitor id and page URL;
 * - `form_entry_files`: uploads of an entry, stored outside the web root under random names;
 * - `altcha_used_challenges`: solved ALTCHA challenges, so each solution counts once, on every
 *   app server; a row may go once its challenge has expired.
 */
export async function up(db: AnyDb, kind: MigrationKind): Promise<void> {
  await db.schema
    .createTable('forms')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('definition_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  const id = idColumn(kind);
  await db.schema
    .createTable('form_entries')
    .addColumn('id', id.type, id.build)
    .addColumn('form_id', 'text', (c) => c.notNull().references('forms.id'))
    /** The answers by field id: `{ "1": "Ada", "2": ["a", "b"], ... }`. */
    .addColumn('fields_json', 'text', (c) => c.notNull())
    /** submitted (issue 13 adds payment states). */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'text')
    .addColumn('page_url', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('ended_at', 'text')
    /** queued: its notification mails are in the mail queue; none: the form sends none. */
    .addColumn('notification_status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_entries_form_id_created_at')
    .on('form_entries')
    .columns(['form_id', 'created_at'])
    .execute();

  const fileId = idColumn(kind);
  await db.schema
    .createTable('form_entry_files')
    .addColumn('id', fileId.type, fileId.build)
    .addColumn('entry_id', 'integer', (c) => c.notNull().references('form_entries.id'))
    .addColumn('field_id', 'text', (c) => c.notNull())
    .addColumn('original_name', 'text', (c) => c.notNull())
    /** The random name under DATA_DIR/form-uploads/ (never under a served folder). */
    .addColumn('stored_name', 'text', (c) => c.notNull().unique())
    /** The type read from the file's content. */
    .addColumn('mime_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('form_entry_files_entry_id')
    .on('form_entry_files')
    .column('entry_id')
    .execute();

  await db.schema
    .createTable('altcha_used_challenges')
    /** The challenge's signature: one row per solved challenge. */
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('altcha_used_challenges_expires_at')
    .on('altcha_used_challenges')
    .column('expires_at')
    .execute();
}

import type { Generated } from 'kysely';

/** The form builder's tables (migration 011_forms; src/forms/forms.repo.ts reads and writes them). */
export interface FormsDatabase {
  forms: FormsTable;
  form_entries: FormEntriesTable;
  form_entry_files: FormEntryFilesTable;
  altcha_used_challenges: AltchaUsedChallengesTable;
}

export interface FormsTable {
  id: string;
  definition_json: string;
  created_at: string;
  updated_at: string;
}

export interface FormEntriesTable {
  id: Generated<number>;
  form_id: string;
  fields_json: string;
  status: string;
  visitor_id: string | null;
  page_url: string;
  started_at: string | null;
  ended_at: string | null;
  notification_status: string;
  created_at: string;
  /** The browser's id of the submission (migration 014): one entry per key and form. */
  submission_key: string | null;
  /** The order that pays for the entry, for a form that takes payment. */
  order_id: number | null;
}

export interface FormEntryFilesTable {
  id: Generated<number>;
  entry_id: number;
  field_id: string;
  original_name: string;
  stored_name: string;
  mime_type: string;
  size: number;
}

export interface AltchaUsedChallengesTable {
  signature: string;
  expires_at: string;
}

import type { ColumnDefinitionBuilder } from 'kysely';
import type { DbKind } from '../database.ts';

/** What each migration is told of the database it runs on. */
export type MigrationKind = DbKind;

/** An auto-incrementing integer primary key on either database. */
export function idColumn(kind: MigrationKind): {
  type: 'integer' | 'serial';
  build: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
} {
  return kind === 'postgres'
    ? { type: 'serial', build: (c) => c.primaryKey() }
    : { type: 'integer', build: (c) => c.primaryKey().autoIncrement() };
}

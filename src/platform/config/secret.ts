import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';

/**
 * The secret that signs sessions and nonces: SESSION_SECRET when set, else one generated on first
 * start and kept in the database, so every app server of one shop shares it.
 */
export async function resolveSessionSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const generated = randomBytes(32).toString('base64url');
  await db
    .insertInto('settings')
    .values({ name: 'session_secret', value: generated })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('name', '=', 'session_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}

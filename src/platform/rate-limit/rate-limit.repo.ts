import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { FixedWindow } from './rate-limit.ts';

const iso = (ms: number) => new Date(ms).toISOString();

/** The fixed-window counters of `rate_limits`, on SQLite and PostgreSQL alike. */
export function rateLimitRepo(db: Db) {
  return {
    /**
     * Counts one hit in the bucket's window and answers the window's count so far, including this
     * one. One statement (insert, or add one on conflict, returning the count), so hits racing on
     * any number of app servers are each counted once.
     */
    async hit(bucket: string, window: FixedWindow): Promise<number> {
      const row = await db
        .insertInto('rate_limits')
        .values({ bucket, window_start: iso(window.start), hits: 1, expires_at: iso(window.end) })
        .onConflict((oc) =>
          oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }),
        )
        .returning('hits')
        .executeTakeFirstOrThrow();
      return Number(row.hits);
    },

    /** The count of a bucket's window (0 when nothing was counted in it). */
    async hits(bucket: string, window: FixedWindow): Promise<number> {
      const row = await db
        .selectFrom('rate_limits')
        .select('hits')
        .where('bucket', '=', bucket)
        .where('window_start', '=', iso(window.start))
        .executeTakeFirst();
      return Number(row?.hits ?? 0);
    },

    /**
     * Takes one hit back from the bucket's window (never below 0): an attempt that turned out
     * well, such as a successful log-in. One conditional update, safe against racing hits.
     */
    async giveBack(bucket: string, window: FixedWindow): Promise<void> {
      await db
        .updateTable('rate_limits')
        .set({ hits: sql`hits - 1` })
        .where('bucket', '=', bucket)
        .where('window_start', '=', iso(window.start))
        .where('hits', '>', 0)
        .execute();
    },

    /** Deletes every window of a bucket: its subject starts afresh. */
    async forget(bucket: string): Promise<void> {
      await db.deleteFrom('rate_limits').where('bucket', '=', bucket).execute();
    },

    /** Deletes the counters of windows that ended by `nowMs`; how many went. */
    async sweep(nowMs: number): Promise<number> {
      const result = await db
        .deleteFrom('rate_limits')
        .where('expires_at', '<=', iso(nowMs))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type RateLimitRepo = ReturnType<typeof rateLimitRepo>;

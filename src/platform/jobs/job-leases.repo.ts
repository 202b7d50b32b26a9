import type { Db } from '../db/database.ts';

/**
 * Leases in the database, shared by every app server: a job runs on the one server holding its
 * lease, and each server's heartbeat is a lease of its own (`server:{id}`) that says it runs.
 */
export function jobLeasesRepo(db: Db) {
  return {
    /**
     * Takes the lease until `now + lengthMs` when it is free or expired, or (with `renew`) held by
     * this holder already: one conditional upsert, so of several servers asking at once exactly
     * one gets it.
     */
    async take(
      name: string,
      holder: string,
      now: Date,
      lengthMs: number,
      { renew = true }: { renew?: boolean } = {},
    ): Promise<boolean> {
      const expiresAt = new Date(now.getTime() + lengthMs).toISOString();
      const result = await db
        .insertInto('job_leases')
        .values({ name, holder, expires_at: expiresAt })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ holder, expires_at: expiresAt })
            .where((eb) =>
              eb.or([
                eb('job_leases.expires_at', '<=', now.toISOString()),
                ...(renew ? [eb('job_leases.holder', '=', holder)] : []),
              ]),
            ),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Gives the lease up, when this holder still has it. */
    async release(name: string, holder: string): Promise<void> {
      await db
        .deleteFrom('job_leases')
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },

    /** Who holds the lease at `now`, if anyone. */
    async holderOf(name: string, now: Date): Promise<string | undefined> {
      const row = await db
        .selectFrom('job_leases')
        .select('holder')
        .where('name', '=', name)
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return row?.holder;
    },

    /** Deletes the leases of this kind (a name prefix) that ran out before `before`. */
    async deleteExpired(prefix: string, before: Date): Promise<void> {
      await db
        .deleteFrom('job_leases')
        .where('name', 'like', `${prefix}%`)
        .where('expires_at', '<', before.toISOString())
        .execute();
    },
  };
}

export type JobLeasesRepo = ReturnType<typeof jobLeasesRepo>;

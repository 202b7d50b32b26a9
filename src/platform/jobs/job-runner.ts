import { JOBS_TICK_MS } from '../constants/index.ts';
import type { Db } from '../db/database.ts';
import type { Logger } from '../log/log.ts';
import type { AppServer } from './app-server.ts';
import { jobLeasesRepo } from './job-leases.repo.ts';

/** A job every app server offers to run; at most one runs it in each `everyMs`. */
export interface ShopJob {
  name: string;
  everyMs: number;
  /** `stopping` is aborted when the server stops: a long run ends between two steps. */
  run(now: Date, stopping: AbortSignal): Promise<unknown>;
}

/** Heartbeats of servers gone this long are deleted. */
const GONE_SERVERS_KEPT_MS = 24 * 60 * 60_000;

/**
 * Each app server's job timer. The timer only says when to look: on each tick the server renews
 * its heartbeat and, for each job, tries the job's lease in the database; the server that takes
 * it runs the job. Correctness comes from the lease and the jobs' own conditional updates.
 */
export function jobRunner(db: Db, server: AppServer, jobs: ShopJob[], log: Logger) {
  const leases = jobLeasesRepo(db);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const stopping = new AbortController();

  async function tickOnce(): Promise<void> {
    await server.beat();
    for (const job of jobs) {
      const now = server.clock();
      const taken = await leases.take(`job:${job.name}`, server.id, now, job.everyMs, {
        renew: false,
      });
      if (taken) await job.run(now, stopping.signal);
    }
    await leases.deleteExpired(
      'server:',
      new Date(server.clock().getTime() - GONE_SERVERS_KEPT_MS),
    );
  }

  const runner = {
    /** One tick, now (the timer's, or a test's after moving the clock); never two at once. */
    async tick(): Promise<void> {
      if (stopped) return;
      if (running) return running;
      running = tickOnce().finally(() => {
        running = undefined;
      });
      return running;
    },

    start(): void {
      timer = setInterval(() => {
        runner.tick().catch((error: unknown) => log.error({ err: error }, 'a job tick failed'));
      }, JOBS_TICK_MS);
      timer.unref();
    },

    /** Stops the timer, waits for a running tick and says this server is gone. */
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      stopping.abort();
      await running?.catch(() => undefined);
      await server.stop();
    },
  };
  return runner;
}

export type JobRunner = ReturnType<typeof jobRunner>;

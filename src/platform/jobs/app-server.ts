import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { APP_SERVER_GONE_AFTER_MS } from '../constants/index.ts';
import type { Db } from '../db/database.ts';
import { jobLeasesRepo } from './job-leases.repo.ts';

/** What time it is for the shop's jobs and claims: injectable, so a test moves it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Whether the process is gone (`kill 0` asks without signalling). */
function processIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Whether a heartbeat (`{host}|{pid}`) is of a process on this machine that has ended: a server
 * that crashed and was started again here need not wait for its old heartbeat to run out.
 */
function heartbeatOfGoneProcess(heartbeat: string): boolean {
  const [host, pid] = heartbeat.split('|');
  const number = Number(pid);
  return (
    host === hostname() &&
    Number.isInteger(number) &&
    number !== process.pid &&
    processIsGone(number)
  );
}

/**
 * This app server, as the others see it: an id, a heartbeat lease in the database renewed by its
 * job timer (naming its host and process), and the attempts it is running now. A holder named by
 * another server is running while that server's heartbeat is, unless the heartbeat names a
 * process of this machine that has ended; one named by this server, while its attempt is in
 * `running` (a process knows what it is doing itself; a dead one holds nothing).
 */
export function appServer(db: Db, clock: Clock) {
  const id = randomBytes(9).toString('base64url');
  const self = `${hostname()}|${process.pid}`;
  const leases = jobLeasesRepo(db);
  const running = new Set<string>();
  const heartbeatName = (serverId: string) => `server:${serverId}`;
  return {
    id,
    clock,

    /** Says this server runs, until a few missed beats from now. */
    async beat(): Promise<void> {
      await leases.take(heartbeatName(id), self, clock(), APP_SERVER_GONE_AFTER_MS);
    },

    /** Says this server stopped: its holders are free at once. */
    async stop(): Promise<void> {
      await leases.release(heartbeatName(id), self);
    },

    /** A new attempt of this server, running until `finish` is called. */
    startAttempt(): string {
      const holder = `${id}:${randomBytes(9).toString('base64url')}`;
      running.add(holder);
      return holder;
    },

    finish(holder: string): void {
      running.delete(holder);
    },

    /** Whether the attempt named `holder` still runs on some app server. */
    async isRunning(holder: string): Promise<boolean> {
      const [serverId = ''] = holder.split(':');
      if (serverId === id) return running.has(holder);
      const heartbeat = await leases.holderOf(heartbeatName(serverId), clock());
      return heartbeat !== undefined && !heartbeatOfGoneProcess(heartbeat);
    },
  };
}

export type AppServer = ReturnType<typeof appServer>;

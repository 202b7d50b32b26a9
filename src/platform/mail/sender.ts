import { randomBytes } from 'node:crypto';
import { mailboxOf } from '../config/mail-config.ts';
import {
  MAIL_KEPT_MS,
  MAIL_LEASE_MS,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_FIRST_MS,
  MAIL_RETRY_MAX_MS,
  MAIL_SEND_BATCH,
  MAIL_SEND_TIMEOUT_MS,
  MAIL_STOP_WAIT_MS,
} from '../constants/index.ts';
import type { Db } from '../db/database.ts';
import type { CommitSignals } from '../db/commit-signals.ts';
import type { Clock } from '../jobs/app-server.ts';
import type { Logger } from '../log/log.ts';
import { mailQueueRepo, type QueuedMail } from './mail-queue.repo.ts';
import { isPermanentFailure, type MailTransport, type OutgoingMail } from './transport.ts';

export interface MailSenderDeps {
  db: Db;
  /** The database's commit signals: a commit that queued mail wakes this sender. */
  commits: CommitSignals;
  transport: MailTransport;
  /** MAIL_FROM. */
  from: string;
  /** This app server's id: the holders of its claims start with it. */
  serverId: string;
  clock: Clock;
  log: Logger;
}

/** The wait before the try after `attempts` tries: 30 s, 1 min, 2 min … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), MAIL_RETRY_MAX_MS);
}

const timedOut = Symbol('timed out');

function within<T>(work: Promise<T>, ms: number): Promise<T | typeof timedOut> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<typeof timedOut>((resolve) => {
    timer = setTimeout(() => resolve(timedOut), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function errorText(error: unknown): string {
  const e = error as { message?: string; response?: string };
  return String(e.response ?? e.message ?? error).slice(0, 500);
}

/**
 * Sends queued mail; every app server runs one. Each mail is claimed for a lease by one
 * conditional update before it is sent, so two servers never send it both; one whose server
 * died while holding it is claimed again once the lease has run out. A failed try waits longer
 * each time (`retryDelayMs`); after MAIL_MAX_ATTEMPTS tries, or a permanent refusal, the mail
 * is given up and logged as an error.
 *
 * Delivery is at least once, never at most once: between the SMTP server accepting a mail and
 * the row saying `sent` there is one statement; a server dying exactly there sends that mail
 * twice (after the lease), with the same Message-ID, rather than risk losing one.
 */
export function mailSender(deps: MailSenderDeps) {
  const { db, transport, clock, log } = deps;
  const queue = mailQueueRepo(db);
  const domain = mailboxOf(deps.from, 'MAIL_FROM').address.split('@')[1];
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let lastCleanup = 0;

  const outgoing = (mail: QueuedMail): OutgoingMail => ({
    from: deps.from,
    to: mail.to_address,
    replyTo: mail.reply_to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text_body,
    messageId: `<${mail.message_token}@${domain}>`,
  });

  async function failed(mail: QueuedMail, holder: string, error: unknown): Promise<void> {
    const text = errorText(error);
    const context = { mailId: mail.id, key: mail.mail_key, attempts: mail.attempts };
    if (isPermanentFailure(error) || mail.attempts >= MAIL_MAX_ATTEMPTS) {
      await queue.giveUp(mail, holder, text);
      log.error({ ...context, err: error }, 'a mail could not be sent and was given up');
      return;
    }
    const at = new Date(clock().getTime() + retryDelayMs(mail.attempts));
    await queue.retryLater(mail, holder, at, text);
    log.warn({ ...context, retryAt: at.toISOString(), error: text }, 'a mail will be tried again');
  }

  /** Sends one claimed mail; whether it went out. */
  async function deliver(mail: QueuedMail, holder: string): Promise<boolean> {
    if (mail.attempts > MAIL_MAX_ATTEMPTS) {
      await queue.giveUp(mail, holder, 'its last try never finished (the server stopped)');
      log.error({ mailId: mail.id, key: mail.mail_key }, 'a mail was given up');
      return false;
    }
    const sending = transport.send(outgoing(mail));
    sending.catch(() => undefined);
    try {
      if ((await within(sending, MAIL_SEND_TIMEOUT_MS)) === timedOut) {
        // It may still be accepted: the mail stays claimed until its lease runs out.
        log.warn({ mailId: mail.id, key: mail.mail_key }, 'a mail took too long to send');
        return false;
      }
    } catch (error) {
      await failed(mail, holder, error);
      return false;
    }
    if (!(await queue.markSent(mail, holder, clock()))) {
      log.warn({ mailId: mail.id, key: mail.mail_key }, 'a mail was sent after its lease ran out');
    }
    return true;
  }

  /** Claims and sends every due mail, one at a time; how many went out. */
  async function sendDue(): Promise<number> {
    let sent = 0;
    while (!stopped) {
      const ids = await queue.due(clock(), MAIL_SEND_BATCH);
      let claimed = 0;
      for (const id of ids) {
        if (stopped) break;
        const holder = `${deps.serverId}:${randomBytes(6).toString('base64url')}`;
        const mail = await queue.claim(id, holder, clock(), MAIL_LEASE_MS);
        if (!mail) continue;
        claimed += 1;
        if (await deliver(mail, holder)) sent += 1;
      }
      if (claimed === 0) break;
    }
    return sent;
  }

  async function runUntilQuiet(): Promise<void> {
    do {
      again = false;
      await sendDue();
    } while (again && !stopped);
  }

  const sender = {
    sendDue,

    /** Sends what is due soon, once (a wake while sending makes one more round). */
    wake(): void {
      if (stopped) return;
      if (running) {
        again = true;
        return;
      }
      running = runUntilQuiet()
        .catch((error: unknown) => log.error({ err: error }, 'the mail sender failed'))
        .finally(() => {
          running = undefined;
        });
    },

    /** Waits until this sender has nothing in hand. */
    async idle(): Promise<void> {
      while (running) await running;
    },

    /** The job timer's sweep: retries and mail left by servers that died; old rows go. */
    async sweep(now: Date): Promise<void> {
      sender.wake();
      if (now.getTime() - lastCleanup < 60 * 60_000) return;
      lastCleanup = now.getTime();
      await queue.deleteDoneBefore(new Date(now.getTime() - MAIL_KEPT_MS));
    },

    /** Stops claiming; waits a little for a mail being sent, then lets go of the transport. */
    async stop(): Promise<void> {
      if (stopped) return;
      stopped = true;
      unsubscribe();
      if (running) await within(running, MAIL_STOP_WAIT_MS);
      transport.close();
    },
  };
  const unsubscribe = deps.commits.onInsert('mail_queue', () => sender.wake());
  return sender;
}

export type MailSender = ReturnType<typeof mailSender>;

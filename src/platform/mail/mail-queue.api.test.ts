import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sharedTestDatabaseUrl } from '../../testing/test-shop.ts';
import { MAIL_LEASE_MS, MAIL_MAX_ATTEMPTS, MAIL_RETRY_FIRST_MS } from '../constants/index.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { databaseKinds } from '../db/testing/test-database.ts';
import { createLogger } from '../log/log.ts';
import { queueMail, type Mail } from './mail.ts';
import { mailQueueRepo } from './mail-queue.repo.ts';
import { mailSender, retryDelayMs, type MailSender } from './sender.ts';
import { startSmtpCatcher, type SmtpCatcher } from './testing/smtp-catcher.ts';
import { smtpTransport, type MailTransport } from './transport.ts';

const from = '"Hearth & Thread" <shop@hearth-and-thread.test>';

function mail(key: string, extra: Partial<Mail> = {}): Mail {
  return {
    key,
    to: `${key.replace(/\W/g, '-')}@example.com`,
    subject: `Mail ${key}`,
    html: `<p>Mail ${key}</p>`,
    text: `Mail ${key}\n`,
    ...extra,
  };
}

/** What the sender logged, as parsed pino lines. */
function capturedLog() {
  const lines: { level: number; msg: string; key?: string }[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, log: createLogger('info', destination) };
}

describe.each(databaseKinds)('the mail queue on %s', (kind) => {
  let smtp: SmtpCatcher;
  let url: string;
  /** Two app servers' connections to one database. */
  let handles: DatabaseHandle[];
  let offset = 0;
  const clock = () => new Date(Date.now() + offset);
  const senders: MailSender[] = [];
  const log = capturedLog();

  function senderOn(handle: DatabaseHandle, serverId: string, transport?: MailTransport) {
    const sender = mailSender({
      db: handle.db,
      commits: handle.commits,
      transport: transport ?? smtpTransport({ url: smtp.url }),
      from,
      serverId,
      clock,
      log: log.log,
    });
    senders.push(sender);
    return sender;
  }

  const queued = (handle: DatabaseHandle, ...mails: Mail[]) =>
    handle.db.transaction().execute(async (trx) => {
      for (const m of mails) await queueMail(trx, m);
    });
  const row = (key: string) => mailQueueRepo(handles[0]!.db).byKey(key);
  const caught = (key: string) => smtp.mails.filter((m) => m.subject === `Mail ${key}`);

  beforeAll(async () => {
    smtp = await startSmtpCatcher({ refuseRecipients: (address) => address.startsWith('nobody') });
    url = await sharedTestDatabaseUrl(kind);
    const first = await openDatabase(url);
    await migrateToLatest(first);
    handles = [first, await openDatabase(url)];
  });
  afterEach(async () => {
    for (const sender of senders.splice(0)) await sender.stop();
    offset = 0;
  });
  afterAll(async () => {
    for (const handle of handles) await handle.destroy();
    await smtp.close();
  });

  it('sends a mail right after the transaction that queued it commits', async () => {
    const sender = senderOn(handles[0]!, 'a');
    await queued(handles[0]!, mail('commit-wakes'));
    const arrived = await smtp.waitFor((m) => m.subject === 'Mail commit-wakes');
    await sender.idle();
    expect(arrived.to).toEqual(['commit-wakes@example.com']);
    expect(arrived.from).toBe('shop@hearth-and-thread.test');
    expect(arrived.text.trim()).toBe('Mail commit-wakes');
    const sent = await row('commit-wakes');
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(arrived.messageId).toBe(`<${sent!.message_token}@hearth-and-thread.test>`);
  });

  it('sends nothing for a transaction that rolled back, and one mail for a key queued twice', async () => {
    const sender = senderOn(handles[0]!, 'a');
    await expect(
      handles[0]!.db.transaction().execute(async (trx) => {
        await queueMail(trx, mail('rolled-back'));
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    await queued(handles[0]!, mail('twice'));
    await queued(handles[0]!, mail('twice', { subject: 'Mail twice, again' }));
    await sender.idle();
    await sender.sendDue();
    expect(await row('rolled-back')).toBeUndefined();
    expect(caught('twice')).toHaveLength(1);
    expect(smtp.mails.filter((m) => m.subject === 'Mail twice, again')).toHaveLength(0);
  });

  it('refuses to queue outside a transaction', async () => {
    await expect(queueMail(handles[0]!.db as never, mail('no-transaction'))).rejects.toThrow(
      /transaction/,
    );
  });

  it('sends each mail exactly once while two app servers send at the same time', async () => {
    const keys = Array.from({ length: 24 }, (_, i) => `race-${i}`);
    // Queued with no sender listening, then both servers' senders start at once.
    await queued(handles[0]!, ...keys.map((key) => mail(key)));
    const a = senderOn(handles[0]!, 'server-a');
    const b = senderOn(handles[1]!, 'server-b');
    const counts = await Promise.all([a.sendDue(), b.sendDue(), a.sendDue(), b.sendDue()]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(keys.length);
    for (const key of keys) expect(caught(key), key).toHaveLength(1);
    // Both took part (each claims by one conditional update, so neither waited for the other).
    expect(counts[0]! + counts[2]!).toBeGreaterThan(0);
    expect(counts[1]! + counts[3]!).toBeGreaterThan(0);
  });

  it('sends a mail claimed by a server that died once its lease has run out', async () => {
    await queued(handles[0]!, mail('orphan'));
    const orphan = (await row('orphan'))!;
    const claimed = await mailQueueRepo(handles[0]!.db).claim(
      orphan.id,
      'a-server-that-died:its-run',
      new Date(),
      MAIL_LEASE_MS,
    );
    expect(claimed).toBeDefined();
    const sender = senderOn(handles[1]!, 'b');
    expect(await sender.sendDue()).toBe(0);
    expect(caught('orphan')).toHaveLength(0);
    offset = MAIL_LEASE_MS + 1000;
    expect(await sender.sendDue()).toBe(1);
    expect(caught('orphan')).toHaveLength(1);
    expect(await row('orphan')).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('tries a refused mail again after a wait, with the same Message-ID', async () => {
    const sender = senderOn(handles[0]!, 'a');
    smtp.refuseNext(1);
    await queued(handles[0]!, mail('busy-server'));
    await sender.idle();
    const waiting = (await row('busy-server'))!;
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.last_error).toMatch(/451/);
    const wait = Date.parse(waiting.available_at) - Date.now();
    expect(wait).toBeGreaterThan(MAIL_RETRY_FIRST_MS - 5000);
    expect(wait).toBeLessThanOrEqual(MAIL_RETRY_FIRST_MS);
    expect(await sender.sendDue()).toBe(0);
    offset = MAIL_RETRY_FIRST_MS;
    expect(await sender.sendDue()).toBe(1);
    const [arrived] = caught('busy-server');
    expect(arrived!.messageId).toBe(`<${waiting.message_token}@hearth-and-thread.test>`);
  });

  it('gives a mail up at once when the server refuses its recipient for good, and logs it', async () => {
    const sender = senderOn(handles[0]!, 'a');
    await queued(handles[0]!, mail('refused', { to: 'nobody@example.com' }));
    await sender.idle();
    expect(await row('refused')).toMatchObject({ status: 'failed', attempts: 1 });
    expect(
      log.lines.some((l) => l.level === 50 && l.key === 'refused' && /given up/.test(l.msg)),
    ).toBe(true);
  });

  it(`gives a mail up after ${MAIL_MAX_ATTEMPTS} failed tries, waiting longer each time`, async () => {
    const down: MailTransport = {
      send: () =>
        Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' })),
      close: () => undefined,
    };
    const sender = senderOn(handles[0]!, 'a', down);
    await queued(handles[0]!, mail('never'));
    await sender.idle();
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
      expect(await row('never')).toMatchObject({ status: 'queued', attempts: attempt });
      offset += retryDelayMs(attempt);
      await sender.sendDue();
    }
    expect(await row('never')).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(retryDelayMs(1)).toBe(MAIL_RETRY_FIRST_MS);
    expect(retryDelayMs(2)).toBe(2 * MAIL_RETRY_FIRST_MS);
  });

  it('erases the body of a mail holding a secret once it has gone out', async () => {
    const sender = senderOn(handles[0]!, 'a');
    await queued(
      handles[0]!,
      mail('secret', { html: '<a href="https://x/reset?t=1">r</a>', sensitive: true }),
    );
    await smtp.waitFor((m) => m.subject === 'Mail secret');
    await sender.idle();
    expect(await row('secret')).toMatchObject({ status: 'sent', html: '', text_body: '' });
  });
});

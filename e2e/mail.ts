import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { CaughtMail } from '../src/platform/mail/testing/smtp-catcher.ts';

export type { CaughtMail };

/** The shop under test sends from, and its own mail to, these (playwright.config.ts sets them). */
export const mailFrom = '"Hearth & Thread" <shop@hearth-and-thread.test>';
export const shopEmail = 'orders@hearth-and-thread.test';

/**
 * Where the test run's SMTP server (e2e/mail-server.ts, started by playwright.config.ts's
 * globalSetup) writes each mail it receives, one JSON file per mail.
 */
export function receivedMailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir)
    throw new Error('E2E_MAIL_DIR is not set: run the browser tests through playwright.config.ts');
  return dir;
}

async function receivedMails(): Promise<CaughtMail[]> {
  const dir = receivedMailDir();
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.json'));
  const mails = await Promise.all(
    names.map(
      async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as CaughtMail,
    ),
  );
  return mails.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
}

export interface MailQuery {
  /** A recipient of the mail (envelope), compared without case. */
  to: string;
  /** The subject, whole, or a pattern. */
  subject?: string | RegExp;
  /** Only mail received at or after this moment. */
  since?: Date;
}

function matches(mail: CaughtMail, query: MailQuery): boolean {
  const to = query.to.toLowerCase();
  if (!mail.to.some((address) => address.toLowerCase() === to)) return false;
  if (query.since && mail.receivedAt < query.since.toISOString()) return false;
  if (query.subject === undefined) return true;
  return typeof query.subject === 'string'
    ? mail.subject === query.subject
    : query.subject.test(mail.subject);
}

/**
 * Waits for a mail to arrive at the test run's SMTP server and returns it (subject, text, html,
 * from, Message-ID). Use an address of the test's own so that no other test's mail matches.
 */
export async function waitForMail(query: MailQuery, timeoutMs = 15_000): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await receivedMails()).find((mail) => matches(mail, query));
        return found !== undefined;
      },
      { timeout: timeoutMs, message: `a mail to ${query.to} (${String(query.subject ?? '')})` },
    )
    .toBe(true);
  return found!;
}

/** Every mail received so far that the query matches (to check that one arrived only once). */
export async function mailsMatching(query: MailQuery): Promise<CaughtMail[]> {
  return (await receivedMails()).filter((mail) => matches(mail, query));
}

/** The links of a mail's HTML, in order. */
export function linksIn(mail: CaughtMail): string[] {
  return [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
}

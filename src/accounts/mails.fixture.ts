import type { AccountMailKind, AccountMails } from './mails.ts';

/** A mail accounts asked to send, as the tests read it. */
export interface RecordedMail {
  kind: AccountMailKind;
  to: string;
  /** The link it carries, if any (confirm, reset). */
  link: string | null;
}

/**
 * Accounts' mails, recorded instead of queued: what a test reads the links from. Only for tests
 * of accounts themselves; the shop's mail queue is tested on its own.
 */
export function recordingAccountMails(): AccountMails & {
  sent: RecordedMail[];
  /** The link of the last mail of a kind to an address. */
  lastLink(kind: AccountMailKind, to: string): string;
} {
  const sent: RecordedMail[] = [];
  const record =
    (kind: AccountMailKind, linkOf: (mail: Record<string, unknown>) => unknown = () => null) =>
    async (_tx: unknown, mail: { to: string }) => {
      const link = linkOf(mail as unknown as Record<string, unknown>);
      sent.push({ kind, to: mail.to, link: typeof link === 'string' ? link : null });
    };
  return {
    sent,
    confirmRegistration: record('confirmRegistration', (m) => m.confirmUrl),
    alreadyRegistered: record('alreadyRegistered'),
    accountCreated: record('accountCreated'),
    passwordReset: record('passwordReset', (m) => m.resetUrl),
    confirmEmailChange: record('confirmEmailChange', (m) => m.confirmUrl),
    lastLink(kind, to) {
      const mail = sent.filter((m) => m.kind === kind && m.to === to).at(-1);
      if (!mail?.link) throw new Error(`no ${kind} mail with a link to ${to}`);
      return mail.link;
    },
  };
}

/** The `key` a mailed link carries. */
export function keyOf(link: string): string {
  return new URL(link).searchParams.get('key') ?? '';
}

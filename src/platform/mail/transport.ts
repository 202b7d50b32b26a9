import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailConfig, SmtpConfig } from '../config/mail-config.ts';
import {
  MAIL_SMTP_CONNECTION_TIMEOUT_MS,
  MAIL_SMTP_GREETING_TIMEOUT_MS,
  MAIL_SMTP_SOCKET_TIMEOUT_MS,
} from '../constants/index.ts';

/** One message as it leaves the shop. */
export interface OutgoingMail {
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  /** `<token@domain>`: the same on every try of one mail. */
  messageId: string;
}

/** Where mail leaves the shop: an SMTP server, or the outbox folder. */
export interface MailTransport {
  /** Resolves once the message is accepted; rejects with the reason otherwise. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Whether a failed send would fail the same way again: the server refused the sender, the
 * recipient or the message itself with a permanent (5xx) answer, or the address cannot be
 * written at all. A connection, a timeout, a refused log-in (settings can be fixed) or a 4xx
 * answer is worth another try.
 */
export function isPermanentFailure(error: unknown): boolean {
  const e = error as { code?: string; permanent?: boolean; command?: string };
  if (e.code !== 'EENVELOPE' && e.code !== 'EMESSAGE') return false;
  return e.permanent === true || e.command === 'API';
}

function smtpOptions(smtp: SmtpConfig) {
  const timeouts = {
    connectionTimeout: MAIL_SMTP_CONNECTION_TIMEOUT_MS,
    greetingTimeout: MAIL_SMTP_GREETING_TIMEOUT_MS,
    socketTimeout: MAIL_SMTP_SOCKET_TIMEOUT_MS,
  };
  if ('url' in smtp) return { url: smtp.url, ...timeouts };
  return {
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user !== undefined && { auth: { user: smtp.user, pass: smtp.password ?? '' } }),
    ...timeouts,
  };
}

/** nodemailer, loaded with the first mail sent rather than at every start. */
async function nodemailer() {
  return (await import('nodemailer')).default;
}

/** A transporter made on first use, then kept. */
function lazily<T extends { close(): void }>(make: () => Promise<T>) {
  let made: Promise<T> | undefined;
  return {
    get: () => (made ??= make()),
    close: () => void made?.then((transporter) => transporter.close()),
  };
}

export function smtpTransport(smtp: SmtpConfig): MailTransport {
  const transporter = lazily(async () => (await nodemailer()).createTransport(smtpOptions(smtp)));
  return {
    async send(mail) {
      await (await transporter.get()).sendMail(message(mail));
    },
    close: transporter.close,
  };
}

function message(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    ...(mail.replyTo !== null && { replyTo: mail.replyTo }),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
  };
}

/** What the development outbox page shows of a mail (beside its `.eml`). */
export interface OutboxEntry {
  /** Its files are `{name}.eml` and `{name}.json`. */
  name: string;
  date: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Without SMTP: each mail is written to the outbox folder as a `.eml` file (open it in any mail
 * program), with a `.json` twin that the development outbox page lists. Files appear whole
 * (written aside, then renamed).
 */
export function outboxTransport(dir: string): MailTransport {
  const composer = lazily(async () =>
    (await nodemailer()).createTransport({ streamTransport: true, buffer: true }),
  );
  return {
    async send(mail) {
      const info = await (await composer.get()).sendMail(message(mail));
      await mkdir(dir, { recursive: true });
      const date = new Date();
      const name = `${date.toISOString().replace(/[-:.]/g, '')}-${randomBytes(4).toString('hex')}`;
      const entry: OutboxEntry = {
        name,
        date: date.toISOString(),
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      };
      await writeWhole(path.join(dir, `${name}.eml`), info.message as Buffer);
      await writeWhole(path.join(dir, `${name}.json`), JSON.stringify(entry));
    },
    close: composer.close,
  };
}

async function writeWhole(file: string, content: string | Buffer): Promise<void> {
  const aside = `${file}.partial`;
  await writeFile(aside, content);
  await rename(aside, file);
}

export function mailTransport(config: MailConfig): MailTransport {
  return config.smtp ? smtpTransport(config.smtp) : outboxTransport(config.outboxDir);
}

import { isEmailAddress } from '../mail/email-address.ts';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import { parseWholeNumber } from './whole-number.ts';

/** Where mail goes: an SMTP server, or (without one) `.eml` files in the outbox folder. */
export interface MailConfig {
  smtp: SmtpConfig | undefined;
  /** The From of every mail (`MAIL_FROM`), e.g. `"Hearth & Thread" <shop@example.com>`. */
  from: string;
  /** The shop's own address (`SHOP_EMAIL`): new-order and failed-order mail goes there. */
  shopEmail: string;
  /** Without SMTP, mail is written here (under the data folder). */
  outboxDir: string;
}

export type SmtpConfig =
  | { url: string }
  | { host: string; port: number; secure: boolean; user?: string; password?: string };

/** Without SMTP settings the outbox is all there is: a From that names no real domain will do. */
const OUTBOX_FROM = '"Hearth & Thread" <shop@localhost>';

/** One mailbox, as `name <address>` or a bare address; throws on anything else. */
export function mailboxOf(value: string, variable: string): { name: string; address: string } {
  const parsed = addressparser(value, { flatten: true });
  const [mailbox] = parsed;
  if (
    parsed.length !== 1 ||
    !mailbox?.address ||
    !isEmailAddress(mailbox.address, { localDomain: true })
  ) {
    throw new Error(`${variable} must be one e-mail address, not "${value}"`);
  }
  return { name: mailbox.name, address: mailbox.address };
}

function parseSecure(value: string | undefined, port: number): boolean {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '') return port === 465;
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new Error(`SMTP_SECURE must be true or false, not "${value}"`);
}

function parsePort(value: string | undefined, secure: string | undefined): number {
  const standard = secure === 'true' || secure === '1' ? 465 : 587;
  return parseWholeNumber('SMTP_PORT', value, standard, { min: 1, max: 65535 });
}

function parseSmtp(env: NodeJS.ProcessEnv): SmtpConfig | undefined {
  const url = env.SMTP_URL?.trim();
  if (url) {
    if (!/^smtps?:\/\/[^/]/.test(url)) {
      throw new Error('SMTP_URL must look like smtp://user:pass@host:587 (or smtps://…)');
    }
    return { url };
  }
  const host = env.SMTP_HOST?.trim();
  if (!host) return undefined;
  const port = parsePort(env.SMTP_PORT, env.SMTP_SECURE?.trim().toLowerCase());
  const user = env.SMTP_USER ?? '';
  const password = env.SMTP_PASSWORD ?? '';
  if ((user === '') !== (password === '')) {
    throw new Error('SMTP_USER and SMTP_PASSWORD go together: set both or neither');
  }
  return {
    host,
    port,
    secure: parseSecure(env.SMTP_SECURE, port),
    ...(user !== '' && { user, password }),
  };
}

/**
 * CONTRACT §5's mail settings. With SMTP, MAIL_FROM is required: a made-up sender is refused or
 * filed as spam by the receiving servers, and nobody would know why.
 */
export function loadMailConfig(env: NodeJS.ProcessEnv, dataDir: string): MailConfig {
  const smtp = parseSmtp(env);
  const fromText = env.MAIL_FROM?.trim() ?? '';
  if (smtp && fromText === '') {
    throw new Error('MAIL_FROM is required with SMTP settings: the address the shop sends from');
  }
  const from = fromText === '' ? OUTBOX_FROM : fromText;
  const fromAddress = mailboxOf(from, 'MAIL_FROM').address;
  const shopText = env.SHOP_EMAIL?.trim() ?? '';
  const shopEmail = shopText === '' ? fromAddress : mailboxOf(shopText, 'SHOP_EMAIL').address;
  return { smtp, from, shopEmail, outboxDir: path.join(dataDir, 'outbox') };
}

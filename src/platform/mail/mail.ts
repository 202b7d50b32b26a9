import { randomBytes } from 'node:crypto';
import type { Tx } from '../db/database.ts';
import { mailQueueRepo } from './mail-queue.repo.ts';

/** A mail as the shop queues it: rendered already (renderMail), addressed, and named by its event. */
export interface Mail {
  /**
   * What event this mail is, unique in the shop: `order:12:new`, `account:7:created`. Queuing
   * the same key again (a webhook and a return both settling one order) changes nothing.
   */
  key: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
  /** The body holds a secret (a password-reset link): erased from the queue once sent or given up. */
  sensitive?: boolean;
}

/**
 * Queues a mail in the caller's transaction: it is sent after that transaction commits (the
 * sender of this app server wakes at the commit; any other takes it up if this one dies) and
 * never if it rolls back. Returns false when a mail with this key was queued before. Never
 * throws for the mail's content (an address the SMTP server refuses fails at sending, logged):
 * a mail must not undo the order or account it tells of.
 */
export async function queueMail(trx: Tx, mail: Mail): Promise<boolean> {
  if (!trx.isTransaction)
    throw new Error('queueMail takes the transaction of the event it tells of');
  if (mail.key === '') throw new Error('a mail needs a key');
  return mailQueueRepo(trx).insert({
    mail_key: mail.key,
    to_address: mail.to,
    reply_to: mail.replyTo ?? null,
    subject: mail.subject,
    html: mail.html,
    text_body: mail.text,
    sensitive: mail.sensitive ? 1 : 0,
    message_token: randomBytes(12).toString('base64url'),
    created_at: new Date().toISOString(),
  });
}

import { createHash } from 'node:crypto';
import type { Tx } from '../platform/db/database.ts';
import { MailLayout, mailStyles } from '../platform/mail/mail-layout.tsx';
import { queueMail } from '../platform/mail/mail.ts';
import { renderMail } from '../platform/mail/render.tsx';
import { format, messages } from '../platform/messages/index.ts';

const text = messages.mail;
const shop = messages.shopName;

function Paragraph({ children }: { children: React.ReactNode }) {
  return <p style={{ margin: '0 0 12px' }}>{children}</p>;
}

function Greeting({ name }: { name: string }) {
  const trimmed = name.trim();
  return (
    <Paragraph>
      {trimmed ? format(text.greeting, { name: trimmed }) : text.greetingNoName}
    </Paragraph>
  );
}

export interface PasswordResetMailInput {
  to: string;
  /** The customer's first or display name ('' greets them without one). */
  name: string;
  /** The absolute single-use link that opens the set-a-new-password page. */
  resetUrl: string;
}

export function PasswordResetMail({ to, name, resetUrl }: PasswordResetMailInput) {
  return (
    <MailLayout heading={text.passwordResetHeading}>
      <Greeting name={name} />
      <Paragraph>{format(text.passwordResetIntro, { shop })}</Paragraph>
      <Paragraph>{format(text.passwordResetAccount, { email: to })}</Paragraph>
      <Paragraph>{text.passwordResetIgnore}</Paragraph>
      <Paragraph>
        <a href={resetUrl} style={mailStyles.link}>
          {text.passwordResetLink}
        </a>
      </Paragraph>
      <Paragraph>{text.passwordResetThanks}</Paragraph>
    </MailLayout>
  );
}

/**
 * Queues the password-reset mail in the transaction that stores the reset token: one mail per
 * link (asking twice makes two links, two mails). Its body, which holds the link, is erased from
 * the queue once it has gone out.
 */
export async function queuePasswordResetMail(
  trx: Tx,
  input: PasswordResetMailInput,
): Promise<boolean> {
  const linkId = createHash('sha256').update(input.resetUrl).digest('hex').slice(0, 32);
  return queueMail(trx, {
    key: `password-reset:${linkId}`,
    to: input.to,
    subject: format(text.passwordResetSubject, { shop }),
    sensitive: true,
    ...(await renderMail(<PasswordResetMail {...input} />)),
  });
}

export interface AccountCreatedMailInput {
  customerId: number;
  to: string;
  name: string;
  /** The absolute address of `/my-account/`. */
  accountUrl: string;
}

export function AccountCreatedMail({ to, name, accountUrl }: AccountCreatedMailInput) {
  return (
    <MailLayout heading={format(text.accountCreatedHeading, { shop })}>
      <Greeting name={name} />
      <Paragraph>{format(text.accountCreatedIntro, { shop, username: to })}</Paragraph>
      <Paragraph>{text.accountCreatedArea}</Paragraph>
      <Paragraph>
        <a href={accountUrl} style={mailStyles.button}>
          {text.accountCreatedLink}
        </a>
      </Paragraph>
      <Paragraph>{text.accountCreatedOutro}</Paragraph>
    </MailLayout>
  );
}

/** Queues the welcome mail in the transaction that creates the account: once per account. */
export async function queueAccountCreatedMail(
  trx: Tx,
  input: AccountCreatedMailInput,
): Promise<boolean> {
  return queueMail(trx, {
    key: `account:${input.customerId}:created`,
    to: input.to,
    subject: format(text.accountCreatedSubject, { shop }),
    ...(await renderMail(<AccountCreatedMail {...input} />)),
  });
}

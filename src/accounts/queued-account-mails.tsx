import { createHash, randomUUID } from 'node:crypto';
import type { ReactNode } from 'react';
import type { Tx } from '../platform/db/database.ts';
import { MailLayout, mailStyles } from '../platform/mail/mail-layout.tsx';
import { queueMail } from '../platform/mail/mail.ts';
import { renderMail } from '../platform/mail/render.tsx';
import { format, messages } from '../platform/messages/index.ts';
import { queueAccountCreatedMail, queuePasswordResetMail } from './account-mails.tsx';
import type { AccountMails } from './mails.ts';

const text = messages.accountMail;
const shop = messages.shopName;

/** One mail per mailed link: the link names the event (asking twice makes two links). */
const linkKey = (kind: string, url: string) =>
  `${kind}:${createHash('sha256').update(url).digest('hex').slice(0, 32)}`;

function LinkMail(props: {
  heading: string;
  name: string;
  intro: string;
  link: { href: string; label: string };
  outro: string;
}) {
  const name = props.name.trim();
  const paragraph = (children: ReactNode) => <p style={{ margin: '0 0 12px' }}>{children}</p>;
  return (
    <MailLayout heading={props.heading}>
      {paragraph(name ? format(messages.mail.greeting, { name }) : messages.mail.greetingNoName)}
      {paragraph(props.intro)}
      {paragraph(
        <a href={props.link.href} style={mailStyles.button}>
          {props.link.label}
        </a>,
      )}
      {paragraph(props.outro)}
    </MailLayout>
  );
}

async function queueLinkMail(
  tx: Tx,
  mail: { key: string; to: string; subject: string; sensitive: boolean },
  body: Parameters<typeof LinkMail>[0],
): Promise<void> {
  await queueMail(tx, { ...mail, ...(await renderMail(<LinkMail {...body} />)) });
}

/** Accounts' mails through the shop's mail queue, each in its event's transaction. */
export function queuedAccountMails(): AccountMails {
  return {
    async confirmRegistration(tx, { to, confirmUrl }) {
      await queueLinkMail(
        tx,
        {
          key: linkKey('confirm-registration', confirmUrl),
          to,
          subject: format(text.confirmSubject, { shop }),
          sensitive: true,
        },
        {
          heading: text.confirmHeading,
          name: '',
          intro: format(text.confirmIntro, { shop, email: to }),
          link: { href: confirmUrl, label: text.confirmLink },
          outro: text.ignoreIfNotYou,
        },
      );
    },
    async alreadyRegistered(tx, { to, name, logInUrl, lostPasswordUrl }) {
      await queueLinkMail(
        tx,
        {
          key: `account-exists:${randomUUID()}`,
          to,
          subject: format(text.existsSubject, { shop }),
          sensitive: false,
        },
        {
          heading: text.existsHeading,
          name,
          intro: format(text.existsIntro, { shop, email: to }),
          link: { href: logInUrl, label: text.existsLink },
          outro: format(text.existsOutro, { url: lostPasswordUrl }),
        },
      );
    },
    async accountCreated(tx, mail) {
      await queueAccountCreatedMail(tx, mail);
    },
    async passwordReset(tx, mail) {
      await queuePasswordResetMail(tx, mail);
    },
    async confirmEmailChange(tx, { to, name, confirmUrl }) {
      await queueLinkMail(
        tx,
        {
          key: linkKey('confirm-email-change', confirmUrl),
          to,
          subject: format(text.changeSubject, { shop }),
          sensitive: true,
        },
        {
          heading: text.changeHeading,
          name,
          intro: format(text.changeIntro, { shop, email: to }),
          link: { href: confirmUrl, label: text.changeLink },
          outro: text.ignoreIfNotYou,
        },
      );
    },
  };
}

import { format, messages } from '../platform/messages/index.ts';
import type { Tx } from '../platform/db/database.ts';
import type { FormDefinition } from './definition.ts';
import { isInputField } from './definition.ts';
import type { StoredAnswer, StoredAnswers } from './wire.ts';

/**
 * The notification e-mails an entry sends (the form's `notifications`), handed to the shop's mail
 * queue in the entry's own transaction, so an entry and its mail are kept together or not at all.
 *
 * The seam: the mail queue is src/platform/mail (branch `mail`). Until it is on main, shop.ts
 * wires no queue and entries are stored with `notification_status = 'pending'`, to be handed over
 * once it lands.
 */
export interface FormMail {
  /** Addresses; `{admin_email}` stands for the shop's own (the queue knows it). */
  to: string[];
  subject: string;
  text: string;
  replyTo: string | undefined;
}

export interface FormMailQueue {
  enqueue(tx: Tx, mail: FormMail): Promise<void>;
}

export function notificationMails(
  form: FormDefinition,
  answers: StoredAnswers,
  pageUrl: string,
): FormMail[] {
  const allFields = form.fields
    .filter(
      (field) => isInputField(field) && field.type !== 'captcha' && answers[field.id] !== undefined,
    )
    .map((field) => `${field.label || field.id}\n${answerText(answers[field.id]!)}`)
    .join('\n\n');
  return form.notifications.map((notification) => {
    const replyTo = notification.reply_to_field ? answers[notification.reply_to_field] : undefined;
    return {
      to: notification.to,
      subject:
        notification.subject || format(messages.forms.entryMailSubject, { form: form.title }),
      text: [
        format(messages.forms.entryMailIntro, { form: form.title, pageUrl: pageUrl || '—' }),
        notification.message.replace('{all_fields}', allFields),
      ].join('\n\n'),
      replyTo: typeof replyTo === 'string' && replyTo !== '' ? replyTo : undefined,
    };
  });
}

function answerText(answer: StoredAnswer): string {
  if (typeof answer === 'string') return answer;
  if (Array.isArray(answer)) return answer.join(', ');
  return Object.values(answer)
    .filter((part) => part !== '')
    .join(' ');
}

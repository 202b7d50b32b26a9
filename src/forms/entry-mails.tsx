import { format, messages } from '../platform/messages/index.ts';
import type { Mail } from '../platform/mail/mail.ts';
import { MailLayout } from '../platform/mail/mail-layout.tsx';
import { renderMail } from '../platform/mail/render.tsx';
import type { FormDefinition } from './definition.ts';
import { isInputField } from './form-pages.ts';
import type { StoredAnswer, StoredAnswers } from './wire.ts';

/**
 * The notification e-mails an entry sends (the form's `notifications`): one mail per recipient,
 * queued in the entry's own transaction (platform/mail `queueMail`), so an entry and its mails
 * are kept together or not at all. `{admin_email}` is the shop's address (SHOP_EMAIL).
 */
export async function entryMails(
  form: FormDefinition,
  entry: { id: number; answers: StoredAnswers; pageUrl: string },
  shopEmail: string,
): Promise<Mail[]> {
  const rows = form.fields
    .filter((f) => isInputField(f) && f.type !== 'captcha' && entry.answers[f.id] !== undefined)
    .map((f) => [f.label || f.id, answerText(entry.answers[f.id]!)] as const);
  const perNotification = form.notifications.map(async (notification, n) => {
    const reply = notification.reply_to_field
      ? entry.answers[notification.reply_to_field]
      : undefined;
    const subject =
      notification.subject || format(messages.forms.entryMailSubject, { form: form.title });
    const rendered = await renderMail(
      <MailLayout heading={subject}>
        <p>
          {format(messages.forms.entryMailIntro, {
            form: form.title,
            pageUrl: entry.pageUrl || '—',
          })}
        </p>
        {notification.message.split('{all_fields}').map((text, i) => (
          <div key={i}>
            {text.trim() && <p>{text.trim()}</p>}
            {i === 0 && notification.message.includes('{all_fields}') && (
              <table className="mail-data">
                <tbody>
                  {rows.map(([label, value]) => (
                    <tr key={label}>
                      <th scope="row">{label}</th>
                      <td>{value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        ))}
      </MailLayout>,
    );
    return notification.to.map((to, r): Mail => ({
      key: `form-entry:${entry.id}:notification-${n}-${r}`,
      to: to === '{admin_email}' ? shopEmail : to,
      subject,
      ...rendered,
      ...(typeof reply === 'string' && reply !== '' && { replyTo: reply }),
    }));
  });
  return (await Promise.all(perNotification)).flat();
}

function answerText(answer: StoredAnswer): string {
  if (typeof answer === 'string') return answer;
  if (Array.isArray(answer)) return answer.join(', ');
  return Object.values(answer)
    .filter((part) => part !== '')
    .join(' ');
}

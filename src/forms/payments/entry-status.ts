import type { OrderStatus } from '../../checkout/order.ts';
import type { QueueOrderMails } from '../../checkout/orders.repo.ts';
import { queueMail } from '../../platform/mail/mail.ts';
import { entryMails } from '../entry-mails.tsx';
import type { EntryPaymentStatus, FormsRepo } from '../forms.repo.ts';

/** A paying entry's state for its order's: paid, waiting, or failed (it may be tried again). */
export function entryPaymentStatus(status: OrderStatus): EntryPaymentStatus {
  if (status === 'processing' || status === 'completed') return 'completed';
  if (status === 'pending' || status === 'on-hold') return 'pending';
  return 'failed';
}

/**
 * Keeps a paid form's entry with its order: called in the transaction of every move of an
 * order (orders.repo's status hook, wired by the composition root beside the order mails), so
 * however the payment became known (the submit itself, a return from a challenge, a webhook)
 * the entry moves exactly once, with it. Once paid, the entry's notifications are queued, in
 * that same transaction.
 */
export function entryPaymentSync(deps: { repo: FormsRepo; shopEmail: string }): QueueOrderMails {
  return async (tx, order) => {
    if (order.source.kind !== 'form') return;
    const entryId = Number(order.source.ref);
    const status = entryPaymentStatus(order.status);
    const moved = await deps.repo.movePayment(tx, entryId, order.id, status);
    if (!moved || status !== 'completed') return;
    const entry = await deps.repo.payingEntry(tx, { id: entryId });
    const form = entry && (await deps.repo.formIn(tx, entry.formId));
    if (!entry || !form) return;
    const mails = await entryMails(
      form,
      { id: entry.id, answers: entry.answers, pageUrl: entry.pageUrl },
      deps.shopEmail,
    );
    for (const mail of mails) await queueMail(tx, mail);
    await deps.repo.setNotificationStatus(tx, entry.id, mails.length > 0 ? 'queued' : 'none');
  };
}

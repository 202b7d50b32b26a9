import { postForm } from '../../platform/http/client.ts';
import type { FormContext } from './context.ts';

/**
 * Seed 002 §7 call 4: whether an address passes an e-mail field's allow and deny lists, asked of
 * the server (`wpforms_restricted_email` with form_id, field_id, email -> true or false), each
 * answer kept for the page's life. While a question is out the field counts as pending, and Next
 * waits for it (seed 002 §4).
 */
export function restrictedEmails(context: Pick<FormContext, 'definition' | 'env'>) {
  const answers = new Map<string, boolean>();
  const asking = new Set<string>();

  return {
    pending: () => asking.size,
    /** true / false once known; undefined while asking (the question is sent now if needed). */
    allowed(fieldId: string, email: string, onAnswer: () => void): boolean | undefined {
      const key = `${fieldId}\u0000${email}`;
      const known = answers.get(key);
      if (known !== undefined || asking.has(key)) return known;
      asking.add(key);
      postForm<{ success?: boolean; data?: unknown }>(context.env.ajaxUrl, {
        action: 'wpforms_restricted_email',
        form_id: context.definition.id,
        field_id: fieldId,
        email,
      })
        .then((answer) => {
          // Only a clear "no" refuses: the server checks again on submit either way.
          answers.set(
            key,
            !(answer.ok && answer.data?.success === true && answer.data.data === false),
          );
        })
        .catch((error: unknown) => {
          console.error('Restricted email check failed', error);
          answers.set(key, true);
        })
        .finally(() => {
          asking.delete(key);
          onAnswer();
        });
      return undefined;
    },
  };
}

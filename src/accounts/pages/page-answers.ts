import { data, type HeadersFunction } from 'react-router';
import { httpStatus, retryAfterSeconds } from '../auth-answers.ts';
import { messages } from '../../platform/messages/index.ts';
import type { AccountRefusal } from '../operations.ts';
import type { AuthFormState } from '../ui/use-auth-form.ts';

/** Account pages are one person's: never cached; a refusal over a limit keeps its `Retry-After`. */
export const privatePage: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get('Retry-After');
  return { 'Cache-Control': 'private, no-store', ...(retryAfter && { 'Retry-After': retryAfter }) };
};

/** A refusal a page makes itself (a bad nonce, an unreadable form), with its HTTP status. */
export interface PageRefusal {
  code: string;
  message: string;
  errors: Record<string, string>;
  status: number;
}

/** The two refusals every account page's post may make before its operation runs. */
export const nonceRefused: PageRefusal = {
  code: 'invalid_nonce',
  message: messages.invalidNonce,
  errors: {},
  status: 403,
};
export const formUnreadable: PageRefusal = {
  code: 'invalid_request',
  message: messages.badRequest,
  errors: {},
  status: 400,
};

export type FormRefusal<T> = (refusal: AccountRefusal | PageRefusal) => ReturnType<typeof data<T>>;

/**
 * A refused form without JavaScript, shown as the ajax call's answer would be: errors beneath
 * their fields, or the message above the form when no field owns it.
 */
export function formRefusal<T>(
  refusal: AccountRefusal | PageRefusal,
  build: (state: Partial<AuthFormState>) => T,
) {
  const fieldless = Object.keys(refusal.errors).length === 0;
  const status = 'status' in refusal ? refusal.status : httpStatus[refusal.kind];
  const retryAfter = 'kind' in refusal ? retryAfterSeconds(refusal) : null;
  return data(
    build({
      errors: refusal.errors,
      message: fieldless ? { type: 'error', text: refusal.message } : null,
    }),
    { status, ...(retryAfter !== null && { headers: { 'Retry-After': String(retryAfter) } }) },
  );
}

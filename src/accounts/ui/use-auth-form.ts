import { useState } from 'react';
import { postForm } from '../../platform/http/client.ts';
import { checkoutMessages } from '../../platform/messages/checkout.ts';
import type { AuthAnswer } from '../auth-answers.ts';

/** What an auth form shows: each field's error (by field id) and the message above the form. */
export interface AuthFormState {
  errors: Record<string, string>;
  message: { type: 'success' | 'error'; text: string } | null;
  busy: boolean;
}

/** The form's fields as `application/x-www-form-urlencoded` text: seed 000 §7's one field. */
export function serializeForm(form: HTMLFormElement): string {
  return new URLSearchParams(
    [...new FormData(form).entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  ).toString();
}

/** Only a page of this site: an answer never sends the browser elsewhere. */
export function sameOriginTarget(target: string, here: string): string | null {
  try {
    const url = new URL(target, here);
    return url.origin === new URL(here).origin ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * An auth form's calls (seed 000 §7, §8): on submit, `POST /admin-ajax` with the action from the
 * form's `data-action` and the serialized form in `data`. Errors go beneath their fields (the
 * first invalid one takes focus); a message is put above the form, which is reset; a redirect is
 * followed. Without JavaScript the same form posts to its page.
 */
export function useAuthForm(initial: Partial<AuthFormState> = {}) {
  const [state, setState] = useState<AuthFormState>({
    errors: initial.errors ?? {},
    message: initial.message ?? null,
    busy: false,
  });

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.busy) return;
    const form = event.currentTarget;
    setState({ errors: {}, message: null, busy: true });
    const answer = await postForm<Partial<AuthAnswer>>('/admin-ajax', {
      action: form.dataset.action ?? '',
      data: serializeForm(form),
    }).catch(() => null);
    const data = answer?.data ?? null;
    if (data?.status === 'success') {
      const target = data.redirect ? sameOriginTarget(data.redirect, window.location.href) : null;
      if (data.message) form.reset();
      setState({
        errors: {},
        message: data.message ? { type: 'success', text: data.message } : null,
        // Stays busy while the browser goes to the next page.
        busy: target !== null,
      });
      if (target) window.location.assign(target);
      return;
    }
    const errors = Object.fromEntries(
      Object.entries(data?.errors ?? {}).filter(([, text]) => typeof text === 'string' && text),
    );
    const fieldIds = Object.keys(errors).filter((id) => form.querySelector(`[data-field="${id}"]`));
    setState({
      errors,
      message:
        fieldIds.length > 0
          ? null
          : { type: 'error', text: data?.message ?? checkoutMessages.checkoutGenericError },
      busy: false,
    });
    const first = fieldIds[0];
    if (first) form.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
  }

  return { ...state, onSubmit };
}

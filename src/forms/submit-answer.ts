import { escapeHtml } from '../platform/http/html.ts';
import type { Confirmation } from './definition.ts';
import type { GeneralErrors } from './operations.ts';

/**
 * The answer of `wpforms_submit`, exactly seed 002 §3 / §7: a success flag and data holding
 * action_required, redirect_url, new_tab, confirmation and errors (general: header,
 * header_styled, footer, footer_styled, recaptcha; field: input name -> message).
 */
export interface SubmitAnswer {
  success: boolean;
  data: {
    action_required: boolean;
    redirect_url: string;
    new_tab: boolean;
    confirmation: string;
    errors: {
      general: {
        header: string;
        header_styled: string;
        footer: string;
        footer_styled: string;
        recaptcha: string;
      };
      field: Record<string, string>;
    };
    /** With action_required (issue 13): the card's intent to authenticate, and whose entry it pays. */
    payment_intent_client_secret?: string;
    entry_id?: number;
  };
}

export type AnswerOf =
  | { kind: 'stored'; form: { confirmation: Confirmation } }
  | { kind: 'action_required'; entryId: number; clientSecret: string }
  | { kind: 'refused'; fields?: Record<string, string>; general: GeneralErrors };

export function submitAnswer(result: AnswerOf): SubmitAnswer {
  if (result.kind === 'action_required') {
    // Seed 002 §4: the submit button stays as it is while the further action runs.
    const answer = submitAnswer({ kind: 'refused', general: {} });
    return {
      success: true,
      data: {
        ...answer.data,
        action_required: true,
        payment_intent_client_secret: result.clientSecret,
        entry_id: result.entryId,
      },
    };
  }
  const stored = result.kind === 'stored';
  const confirmation = stored ? result.form.confirmation : undefined;
  const general = stored ? {} : result.general;
  return {
    success: stored,
    data: {
      action_required: false,
      redirect_url: confirmation?.type === 'redirect' ? confirmation.redirect_url : '',
      new_tab: confirmation?.type === 'redirect' ? confirmation.new_tab : false,
      confirmation: confirmation?.type === 'message' ? confirmationHtml(confirmation.message) : '',
      errors: {
        general: {
          header: general.header ?? '',
          header_styled: styled(general.header),
          footer: general.footer ?? '',
          footer_styled: styled(general.footer),
          recaptcha: general.recaptcha ?? '',
        },
        field: stored ? {} : (result.fields ?? {}),
      },
    },
  };
}

/** The confirmation as HTML: its text escaped, one paragraph per blank-line-separated block. */
export function confirmationHtml(message: string): string {
  return message
    .split(/\n{2,}/)
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

function styled(text: string | undefined): string {
  return text
    ? `<div class="wpforms-error-container" role="alert"><p>${escapeHtml(text)}</p></div>`
    : '';
}

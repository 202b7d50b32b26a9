import { messages } from '../platform/messages/index.ts';
import { formPages } from './form-pages.ts';
import type { FormsOperations, SubmitInput } from './operations.ts';
import { judgePage } from './rules/engine.ts';
import { pageAfter, pageOfFirstField } from './rules/pages.ts';
import { serverRuleServices } from './rule-services.ts';
import { submitAnswer, type SubmitAnswer } from './submit-answer.ts';
import { PAGE_INDEX, PAGE_NAV, readFieldValues } from './wire.ts';

/**
 * The form page without JavaScript: its Next and Previous buttons post the form (names
 * `wpforms[page_nav]` and `wpforms[page]`) and the server moves between pages by the same rules
 * as the browser (Next checks the page; empty pages are skipped); its Submit button submits.
 * The result is what the page renders: the page to show, the answers so far, and the errors.
 */
export { PAGE_INDEX, PAGE_NAV };

export type FormPagePost =
  | {
      kind: 'navigated' | 'submitted';
      page: number;
      /** The text answers, to fill the inputs again (files cannot be carried). */
      entries: [string, string][];
      answer: SubmitAnswer;
    }
  | { kind: 'not_found' };

export async function answerPagePost(
  forms: FormsOperations,
  formId: string,
  input: Omit<SubmitInput, 'formId'>,
): Promise<FormPagePost> {
  const form = await forms.form(formId);
  if (!form) return { kind: 'not_found' };
  const text = input.entries.filter((e): e is [string, string] => typeof e[1] === 'string');
  const value = (name: string) => text.findLast(([n]) => n === name)?.[1];
  const lastPage = formPages(form).length - 1;
  const current = Math.min(Math.max(Number(value(PAGE_INDEX) ?? 0) || 0, 0), lastPage);
  const direction = value(PAGE_NAV);
  const entries = text.filter(([name]) => name !== PAGE_NAV && name !== PAGE_INDEX);
  if (direction === 'next' || direction === 'prev') {
    const values = readFieldValues(form, input.entries);
    const errors =
      direction === 'next' ? judgePage(form, current, values, await serverRuleServices(form)) : {};
    const page =
      Object.keys(errors).length > 0
        ? current
        : pageAfter(form, values, current, direction === 'next' ? 1 : -1);
    return {
      kind: 'navigated',
      page,
      entries,
      answer: submitAnswer({ kind: 'refused', fields: errors, general: {} }),
    };
  }
  const result = await forms.submit({ formId, ...input });
  if (result.kind === 'not_found') return { kind: 'not_found' };
  if (result.kind === 'rate_limited') {
    const general = { header: messages.forms.rateLimited };
    return {
      kind: 'submitted',
      page: current,
      entries,
      answer: submitAnswer({ kind: 'refused', general }),
    };
  }
  const answer = submitAnswer(result);
  const failed = Object.keys(answer.data.errors.field)
    .map((name) => /\[fields\]\[(\d+)\]|_(\d+)$/.exec(name))
    .map((m) => m?.[1] ?? m?.[2] ?? '');
  const page =
    result.kind === 'refused' && failed.length > 0 ? pageOfFirstField(form, failed) : current;
  return { kind: 'submitted', page, entries, answer };
}

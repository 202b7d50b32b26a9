import { format } from '../../../platform/messages/format.ts';
import type { FormContext } from '../context.ts';
import { changed, on } from './listen.ts';

/**
 * Seed 002 §5 "E-mail suggestion": on blur, when the form enables it, a probable typo gets a
 * suggestion link under the field (`val_email_suggestion` with `{suggestion}`); the link fills the
 * field. It goes away when there is nothing to suggest.
 */
/** The checker and punycode (about 5 KB) load when an e-mail field first takes focus. */
let checker: Promise<typeof import('./email-suggestion.ts')> | undefined;
const loadChecker = () => (checker ??= import('./email-suggestion.ts'));

export function attachEmail(context: FormContext, element: HTMLElement): void {
  if (!context.settings.mailcheck_enabled) return;
  const input = element.querySelector<HTMLInputElement>('input[type=email][name]');
  if (!input) return;
  const id = `${input.id || `wpforms-${context.definition.id}-email`}_suggestion`;
  const remove = () => element.querySelector(`#${CSS.escape(id)}`)?.remove();

  on(context, input, 'focus', () => void loadChecker());
  on(
    context,
    input,
    'blur',
    () =>
      void loadChecker().then(({ emailSuggestion }) => {
        remove();
        const suggestion = emailSuggestion(input.value, context.settings);
        if (!suggestion) return;
        const box = element.ownerDocument.createElement('div');
        box.id = id;
        box.className = 'wpforms-error mailcheck-error';
        box.setAttribute('role', 'status');
        const link = element.ownerDocument.createElement('a');
        link.href = '#';
        link.className = 'mailcheck-suggestion';
        link.title = context.settings.val_email_suggestion_title;
        link.textContent = suggestion;
        link.addEventListener('click', (event) => {
          event.preventDefault();
          input.value = suggestion;
          remove();
          changed(input);
          input.focus();
        });
        // The setting's text around the link, as text: the owner's wording, never markup.
        const [before = '', after = ''] = format(context.settings.val_email_suggestion, {
          suggestion: '\u0000',
        }).split('\u0000');
        box.append(before, link, after);
        (input.closest('.wpforms-field-row-block') ?? input).after(box);
      }),
  );
}

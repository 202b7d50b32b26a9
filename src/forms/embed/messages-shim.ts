import { dropdownMessages } from '../../platform/messages/dropdown.ts';
import { formPageMessages } from '../../platform/messages/forms.ts';
import { formsUiMessages } from '../../platform/messages/forms-ui.ts';

/**
 * In embed.js, `platform/messages/index.ts` is this: the texts the form shows itself, its
 * searchable selects' included (the shop's other texts, and the validation defaults the form's
 * settings already carry, have nothing to do on a foreign page). The payment fields and the card take theirs from their own files, in the
 * chunks that load with them. vite.embed.config.ts swaps it in.
 */
export { format } from '../../platform/messages/format.ts';
export const messages = { forms: formPageMessages, ...formsUiMessages, ...dropdownMessages };

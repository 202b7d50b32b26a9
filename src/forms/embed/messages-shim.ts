import { formsMessages } from '../../platform/messages/forms.ts';
import { formsUiMessages } from '../../platform/messages/forms-ui.ts';
import { formPaymentsMessages } from '../../platform/messages/form-payments.ts';
import { cardPaymentMessages } from '../../platform/messages/card-payment.ts';

/**
 * In embed.js, `platform/messages/index.ts` is this: the forms' own texts only (the shop's other
 * texts have nothing to do on a foreign page). vite.embed.config.ts swaps it in.
 */
export { format } from '../../platform/messages/format.ts';
export const messages = {
  ...formsMessages,
  ...formsUiMessages,
  ...formPaymentsMessages,
  ...cardPaymentMessages,
};

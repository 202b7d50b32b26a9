import { accountMessages } from './accounts.ts';
import { cardPaymentMessages } from './card-payment.ts';
import { cartMessages } from './cart.ts';
import { catalogMessages } from './catalog.ts';
import { checkoutAccountMessages } from './checkout-account.ts';
import { checkoutMessages } from './checkout.ts';
import { consentMessages } from './consent.ts';
import { contentMessages } from './content.ts';
import { dropdownMessages } from './dropdown.ts';
import { formPaymentsMessages } from './form-payments.ts';
import { formsUiMessages } from './forms-ui.ts';
import { formsMessages } from './forms.ts';
import { listingMessages } from './listing.ts';
import { mailMessages } from './mail.ts';
import { shopMessages } from './shop.ts';

/**
 * Every text a person reads, keyed: the parts' texts in one object, for the server. Browser
 * modules import the parts they show, so that a page carries only its own texts.
 * Seed wording where the seeds give it. `{name}` placeholders are filled by `format`.
 */
export const messages = {
  ...shopMessages,
  ...accountMessages,
  ...consentMessages,
  ...catalogMessages,
  ...dropdownMessages,
  ...mailMessages,
  ...formsMessages,
  ...formPaymentsMessages,
  ...formsUiMessages,
  ...cardPaymentMessages,
  ...cartMessages,
  ...checkoutMessages,
  ...listingMessages,
  ...checkoutAccountMessages,
  ...contentMessages,
} as const;

export type { CardErrorCode } from './card-payment.ts';

// In a file of its own so that browser bundles that only fill texts (embed.js) need not carry them all.
export { format } from './format.ts';

import { describe, expect, it } from 'vitest';
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
import { messages } from './index.ts';
import { listingMessages } from './listing.ts';
import { mailMessages } from './mail.ts';
import { shopMessages } from './shop.ts';

const parts: Record<string, Record<string, unknown>> = {
  accountMessages,
  cardPaymentMessages,
  cartMessages,
  catalogMessages,
  checkoutAccountMessages,
  checkoutMessages,
  consentMessages,
  contentMessages,
  dropdownMessages,
  formPaymentsMessages,
  formsUiMessages,
  formsMessages,
  listingMessages,
  mailMessages,
  shopMessages,
};

describe('the texts by part', () => {
  it('defines each key in one part only, so a browser module and the server show the same text', () => {
    const owners = new Map<string, string[]>();
    for (const [part, texts] of Object.entries(parts)) {
      for (const key of Object.keys(texts)) owners.set(key, [...(owners.get(key) ?? []), part]);
    }
    const twice = [...owners]
      .filter(([, in_]) => in_.length > 1)
      .map(([key, in_]) => `${key}: ${in_.join(', ')}`);
    expect(twice).toEqual([]);
  });

  it('gathers every part into messages, text for text', () => {
    const gathered = Object.assign({}, ...Object.values(parts)) as Record<string, unknown>;
    expect(messages).toEqual(gathered);
  });
});

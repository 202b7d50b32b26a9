import { messages } from '../platform/messages/index.ts';

/**
 * The terms box is on every form that places or pays for an order, so an order is never placed
 * or paid without it ticked, whichever door the form comes through (the ajax checkout, the
 * checkout page's post, the order-pay page): WooCommerce's `terms` check, for a shop that always
 * has terms. Null when the shopper agreed.
 */
export function termsRefusal(form: Record<string, unknown>): string | null {
  const terms = form.terms;
  return typeof terms === 'string' && terms.trim() !== '' ? null : messages.termsRequired;
}

/**
 * The card's texts in the browser (seed 001 §8): the payment element's errors and the stand-in
 * for Stripe.js. Apart from index.ts so that the card's code (payments/ui) takes them alone: in
 * embed.js they load with the card, not with every form.
 */
export const cardPaymentMessages = {
  blikCodeInvalid: 'BLIK Code is invalid',
  // Stripe card errors (seed 001 §8)
  cardErrors: {
    invalid_number: 'The card number is not a valid credit card number.',
    invalid_expiry_month: 'The card expiration month is invalid.',
    invalid_expiry_year: 'The card expiration year is invalid.',
    invalid_cvc: 'The card security code is invalid.',
    incorrect_number: 'The card number is incorrect.',
    incomplete_number: 'The card number is incomplete.',
    incomplete_cvc: 'The card security code is incomplete.',
    incomplete_expiry: 'The card expiration date is incomplete.',
    expired_card: 'The card has expired.',
    incorrect_cvc: 'The card security code is incorrect.',
    incorrect_zip: 'The card zip code failed validation.',
    invalid_expiry_year_past: 'The card expiration year is in the past',
    card_declined: 'The card was declined.',
    missing: 'There is no card on a customer that is being charged.',
    processing_error: 'An error occurred while processing the card.',
  },
  unableToProcess: 'Unable to process this payment, please try again or use alternative method.',
  // Browser stand-in for Stripe.js (payments/ui/local-stripe.ts), seed 001 §8: connection errors.
  stripeJsErrors: {
    timeout: 'A timeout occurred while connecting to the server. Please try again.',
    abort: 'The connection to the server was aborted. Please try again.',
    connection: 'An error occurred while connecting to the server. Please try again.',
    email_invalid: 'Invalid email address, please correct and try again.',
  },
  paymentProviderLoadFailed:
    'There was a problem processing the payment. Please refresh the page to try again.',
} as const;

export type CardErrorCode = keyof typeof cardPaymentMessages.cardErrors;

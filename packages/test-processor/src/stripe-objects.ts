import type { CardDecline } from './cards.ts';

/** Stripe's own wire texts for its errors: the processor's words, which the shop maps to its own. */
export const processorMessages: Record<string, string> = {
  card_declined: 'Your card was declined.',
  generic_decline: 'Your card was declined.',
  lost_card: 'Your card was declined.',
  stolen_card: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  incorrect_number: 'Your card number is incorrect.',
  invalid_number: 'Your card number is not a valid credit card number.',
  invalid_expiry_month: "Your card's expiration month is invalid.",
  invalid_expiry_year: "Your card's expiration year is invalid.",
  invalid_expiry_year_past: "Your card's expiration year is in the past.",
  invalid_cvc: "Your card's security code is invalid.",
  authentication_required: 'Your card was declined. This transaction requires authentication.',
  payment_intent_authentication_failure:
    'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
  setup_intent_authentication_failure:
    'The latest attempt to set up the payment method has failed because authentication failed.',
  payment_intent_payment_attempt_failed:
    'The latest payment attempt of this PaymentIntent has failed or been canceled, and the attached payment method has been removed. You can try confirming again with a new payment method.',
  setup_intent_setup_attempt_failed:
    'The latest setup attempt for this SetupIntent has failed or been canceled, and the attached payment method has been removed. You can try confirming again with a new payment method.',
  blik_code_invalid: 'The BLIK code must be a 6-digit number.',
  rate_limit: 'Too many requests hit the API too quickly. Please try again later.',
};

export interface StripeError {
  type:
    | 'card_error'
    | 'invalid_request_error'
    | 'authentication_error'
    | 'idempotency_error'
    | 'rate_limit_error'
    | 'api_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  payment_intent?: unknown;
  setup_intent?: unknown;
  payment_method?: unknown;
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeError,
  ) {
    super(error.message);
  }
}

export function invalidRequest(
  message: string,
  param?: string,
  code = 'parameter_invalid',
): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code,
    message,
    ...(param ? { param } : {}),
  });
}

export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}

export function notFound(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

const pastTense = {
  confirm: 'confirmed',
  cancel: 'canceled',
  capture: 'captured',
  update: 'updated',
} as const;

/** Stripe's answer when an intent is asked to do what its status does not allow. */
export function unexpectedState(
  kind: 'PaymentIntent' | 'SetupIntent',
  status: string,
  action: keyof typeof pastTense,
  allowed: readonly string[],
): StripeApiError {
  return invalidRequest(
    `You cannot ${action} this ${kind} because it has a status of ${status}. Only a ${kind} with one of the following statuses may be ${pastTense[action]}: ${allowed.join(', ')}.`,
    undefined,
    kind === 'PaymentIntent' ? 'payment_intent_unexpected_state' : 'setup_intent_unexpected_state',
  );
}

/** A card's decline as Stripe reports it, on the error and as `last_payment_error`. */
export function cardError(decline: CardDecline, paymentMethod: unknown): StripeError {
  return {
    type: 'card_error',
    code: decline.code,
    decline_code: decline.declineCode,
    message:
      processorMessages[decline.declineCode] ??
      processorMessages[decline.code] ??
      processorMessages.card_declined!,
    payment_method: paymentMethod,
  };
}

/** An attempt that ended without a card decline: failed authentication, a failed redirect. */
export function attemptError(code: string, paymentMethod: unknown): StripeError {
  return {
    type: 'invalid_request_error',
    code,
    message: processorMessages[code]!,
    payment_method: paymentMethod,
  };
}

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

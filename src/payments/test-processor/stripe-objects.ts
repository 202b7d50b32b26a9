import type { CardOutcome } from './cards.ts';

/** Stripe's own wire texts for its errors: the processor's words, which the shop maps to its own. */
export const processorMessages: Record<string, string> = {
  card_declined: 'Your card was declined.',
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
};

export interface StripeError {
  type:
    | 'card_error'
    | 'invalid_request_error'
    | 'authentication_error'
    | 'idempotency_error'
    | 'api_error';
  code?: string;
  decline_code?: string;
  message: string;
  param?: string;
  payment_intent?: unknown;
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

export function notFound(kind: string, id: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param: 'id',
  });
}

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'succeeded'
  | 'canceled';

/** What confirming with a card of this outcome does to an intent. */
export function confirmResult(
  outcome: CardOutcome,
  captureMethod: string,
): { status: IntentStatus; error?: { code: string; decline_code: string; message: string } } {
  switch (outcome.kind) {
    case 'succeeds':
      return { status: captureMethod === 'manual' ? 'requires_capture' : 'succeeded' };
    case 'authenticate':
      return { status: 'requires_action' };
    case 'declines':
      return {
        status: 'requires_payment_method',
        error: {
          code: outcome.code,
          decline_code: outcome.declineCode,
          message:
            processorMessages[outcome.declineCode] ??
            processorMessages[outcome.code] ??
            processorMessages.card_declined!,
        },
      };
  }
}

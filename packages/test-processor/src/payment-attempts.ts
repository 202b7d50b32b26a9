import type { CardDecline, CardOutcome } from './cards.ts';
import { isRedirectType, isVoucherType, type VoucherMethodType } from './method-types.ts';
import { invalidRequest, processorMessages } from './stripe-objects.ts';
import type { MethodRow } from './test-processor.repo.ts';

/** What confirming with a payment method does, before any state changes. */
export type Attempt =
  | { kind: 'succeed' }
  | { kind: 'decline'; decline: CardDecline }
  /** 3D Secure: the challenge page. */
  | { kind: 'challenge' }
  /** A redirect method: the authorisation page. */
  | { kind: 'authorize' }
  | { kind: 'voucher'; type: VoucherMethodType }
  /** A debit: processing, then succeeded. */
  | { kind: 'process' };

export interface AttemptInput {
  returnUrl: string | undefined;
  offSession: boolean;
  blikCode: string | undefined;
  /** A SetupIntent saves the method: only `chargesOnly` declines pass. */
  setup: boolean;
}

const authenticationRequired: CardDecline = {
  code: 'authentication_required',
  declineCode: 'authentication_required',
};

export function cardOutcome(method: MethodRow): CardOutcome {
  return method.test_outcome
    ? (JSON.parse(method.test_outcome) as CardOutcome)
    : { kind: 'succeeds' };
}

function cardAttempt(method: MethodRow, input: AttemptInput): Attempt {
  const outcome = cardOutcome(method);
  switch (outcome.kind) {
    case 'succeeds':
      return { kind: 'succeed' };
    case 'declines':
      return input.setup && outcome.chargesOnly
        ? { kind: 'succeed' }
        : { kind: 'decline', decline: outcome };
    case 'authenticate':
      if (!input.offSession) return { kind: 'challenge' };
      // Off-session nobody can authenticate: only a card set up for later (3155) gets through.
      if (outcome.always || !method.customer)
        return { kind: 'decline', decline: authenticationRequired };
      return outcome.then ? { kind: 'decline', decline: outcome.then } : { kind: 'succeed' };
  }
}

export function attemptFor(method: MethodRow, input: AttemptInput): Attempt {
  if (method.type === 'card') return cardAttempt(method, input);
  if (isRedirectType(method.type)) {
    if (!input.returnUrl)
      throw invalidRequest(
        `You must provide a \`return_url\` when confirming with the payment method type ${method.type}.`,
        'return_url',
        'parameter_missing',
      );
    return { kind: 'authorize' };
  }
  if (isVoucherType(method.type)) return { kind: 'voucher', type: method.type };
  if (method.type === 'blik') {
    if (!/^\d{6}$/.test(input.blikCode ?? ''))
      throw invalidRequest(
        processorMessages.blik_code_invalid!,
        'payment_method_options[blik][code]',
        'payment_method_invalid_parameter',
      );
    return { kind: 'succeed' };
  }
  return { kind: 'process' };
}

/** The method must be of an allowed type and, if saved, saved to this intent's customer. */
export function checkMethodFits(
  kind: 'PaymentIntent' | 'SetupIntent',
  types: readonly string[],
  method: MethodRow,
  customer: string | null,
): void {
  if (!types.includes(method.type))
    throw invalidRequest(
      `The PaymentMethod provided (${method.type}) is not allowed for this ${kind}. Please attach a PaymentMethod of one of the following types: ${types.join(', ')}. Alternatively update the allowed payment_method_types for this ${kind} to include "${method.type}".`,
      'payment_method',
      kind === 'PaymentIntent'
        ? 'payment_intent_incompatible_payment_method'
        : 'setup_intent_incompatible_payment_method',
    );
  if (method.customer && method.customer !== customer)
    throw invalidRequest(
      `The provided PaymentMethod is attached to customer ${method.customer}. To use it, set \`customer\` on the ${kind} to that customer.`,
      'payment_method',
      'payment_method_unexpected_state',
    );
}

/**
 * The test cards of CONTRACT §4 and their outcomes, as Stripe's test mode behaves. Card numbers
 * live only here and in the test processor's request; what is stored is the outcome and last 4.
 */
export type CardOutcome =
  | { kind: 'succeeds' }
  | { kind: 'authenticate' }
  | {
      kind: 'declines';
      code: 'card_declined' | 'expired_card' | 'incorrect_cvc' | 'processing_error';
      declineCode: string;
    };

const testCards: Record<string, CardOutcome> = {
  '4242424242424242': { kind: 'succeeds' },
  '4000002500003155': { kind: 'authenticate' },
  '4000000000000002': { kind: 'declines', code: 'card_declined', declineCode: 'generic_decline' },
  '4000000000009995': {
    kind: 'declines',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
  },
  '4000000000000069': { kind: 'declines', code: 'expired_card', declineCode: 'expired_card' },
  '4000000000000127': { kind: 'declines', code: 'incorrect_cvc', declineCode: 'incorrect_cvc' },
  '4000000000000119': {
    kind: 'declines',
    code: 'processing_error',
    declineCode: 'processing_error',
  },
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export type CardCheck =
  | { ok: true; brand: string; last4: string; outcome: CardOutcome }
  | {
      ok: false;
      code:
        | 'incorrect_number'
        | 'invalid_number'
        | 'invalid_expiry_month'
        | 'invalid_expiry_year'
        | 'invalid_expiry_year_past'
        | 'invalid_cvc';
      param: string;
    };

/** What the processor says of a card when a payment method is made from it. */
export function checkCard(card: CardInput, now: Date): CardCheck {
  const digits = card.number.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19)
    return { ok: false, code: 'invalid_number', param: 'number' };
  if (!luhnValid(digits)) return { ok: false, code: 'incorrect_number', param: 'number' };
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return { ok: false, code: 'invalid_expiry_month', param: 'exp_month' };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (!Number.isInteger(year) || year > now.getUTCFullYear() + 50)
    return { ok: false, code: 'invalid_expiry_year', param: 'exp_year' };
  const expired =
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
  if (expired) return { ok: false, code: 'invalid_expiry_year_past', param: 'exp_year' };
  if (!/^\d{3,4}$/.test(card.cvc)) return { ok: false, code: 'invalid_cvc', param: 'cvc' };
  return {
    ok: true,
    brand: cardBrand(digits),
    last4: digits.slice(-4),
    outcome: testCards[digits] ?? { kind: 'succeeds' },
  };
}

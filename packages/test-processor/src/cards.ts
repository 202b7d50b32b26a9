/**
 * The test cards of CONTRACT §4 and their outcomes, as Stripe's test mode behaves. Card numbers
 * live only here and in the test processor's request; what is stored is the outcome and last 4.
 */
export interface CardDecline {
  code:
    | 'card_declined'
    | 'expired_card'
    | 'incorrect_cvc'
    | 'processing_error'
    | 'authentication_required';
  declineCode: string;
}

export type CardOutcome =
  | { kind: 'succeeds' }
  /**
   * 3D Secure first. `always`: every payment asks, even off-session; without it a card set up
   * for later (3155) pays off-session without asking. `then`: the decline after authenticating.
   */
  | { kind: 'authenticate'; always?: boolean; then?: CardDecline }
  /** `chargesOnly`: saving the card (attach, SetupIntent) works; only charges decline (0341). */
  | ({ kind: 'declines'; chargesOnly?: boolean } & CardDecline);

type Declines = Extract<CardOutcome, { kind: 'declines' }>;

const decline = (code: CardDecline['code'], declineCode: string = code): Declines => ({
  kind: 'declines',
  code,
  declineCode,
});

const testCards: Record<string, CardOutcome> = {
  '4242424242424242': { kind: 'succeeds' },
  '4000002500003155': { kind: 'authenticate' },
  '4000002760003184': { kind: 'authenticate', always: true },
  '4000008260003178': {
    kind: 'authenticate',
    always: true,
    then: { code: 'card_declined', declineCode: 'insufficient_funds' },
  },
  '4000008400001629': {
    kind: 'authenticate',
    always: true,
    then: { code: 'card_declined', declineCode: 'card_declined' },
  },
  '4000000000000002': decline('card_declined', 'generic_decline'),
  '4000000000009995': decline('card_declined', 'insufficient_funds'),
  '4000000000009987': decline('card_declined', 'lost_card'),
  '4000000000009979': decline('card_declined', 'stolen_card'),
  '4000000000000069': decline('expired_card'),
  '4000000000000127': decline('incorrect_cvc'),
  '4000000000000119': decline('processing_error'),
  '4000000000000341': { ...decline('card_declined', 'generic_decline'), chargesOnly: true },
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

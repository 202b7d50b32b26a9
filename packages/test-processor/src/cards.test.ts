import { describe, expect, it } from 'vitest';
import { checkCard, luhnValid } from './cards.ts';

const now = new Date('2026-11-22T00:00:00Z');
const card = (number: string, overrides = {}) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
});

describe('test cards', () => {
  it('checks the Luhn digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('gives each contract card its outcome', () => {
    expect(checkCard(card('4242 4242 4242 4242'), now)).toMatchObject({
      ok: true,
      brand: 'visa',
      last4: '4242',
      outcome: { kind: 'succeeds' },
    });
    expect(checkCard(card('4000002500003155'), now)).toMatchObject({
      outcome: { kind: 'authenticate' },
    });
    expect(checkCard(card('4000000000000002'), now)).toMatchObject({
      outcome: { code: 'card_declined' },
    });
    expect(checkCard(card('4000000000009995'), now)).toMatchObject({
      outcome: { code: 'card_declined', declineCode: 'insufficient_funds' },
    });
    expect(checkCard(card('4000000000000069'), now)).toMatchObject({
      outcome: { code: 'expired_card' },
    });
    expect(checkCard(card('4000000000000127'), now)).toMatchObject({
      outcome: { code: 'incorrect_cvc' },
    });
    expect(checkCard(card('4000000000000119'), now)).toMatchObject({
      outcome: { code: 'processing_error' },
    });
    expect(checkCard(card('4242424242424241'), now)).toEqual({
      ok: false,
      code: 'incorrect_number',
      param: 'number',
    });
  });

  it('knows the further test cards of Stripe test mode', () => {
    const outcome = (number: string) =>
      (checkCard(card(number), now) as { outcome: unknown }).outcome;
    expect(outcome('4000000000009987')).toMatchObject({
      kind: 'declines',
      declineCode: 'lost_card',
    });
    expect(outcome('4000000000009979')).toMatchObject({
      kind: 'declines',
      declineCode: 'stolen_card',
    });
    expect(outcome('4000002760003184')).toEqual({ kind: 'authenticate', always: true });
    expect(outcome('4000008260003178')).toMatchObject({
      kind: 'authenticate',
      then: { code: 'card_declined', declineCode: 'insufficient_funds' },
    });
    expect(outcome('4000008400001629')).toMatchObject({
      kind: 'authenticate',
      then: { code: 'card_declined' },
    });
    expect(outcome('4000000000000341')).toMatchObject({ kind: 'declines', chargesOnly: true });
    expect(outcome('4000002500003155')).toEqual({ kind: 'authenticate' });
    expect(outcome('5555555555554444')).toEqual({ kind: 'succeeds' });
  });

  it('refuses past expiry dates, bad months and bad CVCs', () => {
    expect(checkCard(card('4242424242424242', { expYear: 2026, expMonth: 10 }), now)).toMatchObject(
      { code: 'invalid_expiry_year_past' },
    );
    expect(checkCard(card('4242424242424242', { expYear: 26, expMonth: 11 }), now)).toMatchObject({
      ok: true,
    });
    expect(checkCard(card('4242424242424242', { expMonth: 13 }), now)).toMatchObject({
      code: 'invalid_expiry_month',
    });
    expect(checkCard(card('4242424242424242', { cvc: '12' }), now)).toMatchObject({
      code: 'invalid_cvc',
    });
    expect(checkCard(card('4242'), now)).toMatchObject({ code: 'invalid_number' });
  });
});

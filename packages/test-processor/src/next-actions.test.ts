import { describe, expect, it } from 'vitest';
import { redirectAction, returnUrlWith, voucherAction } from './next-actions.ts';

const intent = { id: 'pi_abc', client_secret: 'pi_abc_secret_def' };
const now = new Date('2026-11-22T10:00:00Z');

describe('next actions', () => {
  it('points a redirect at the processor’s page on the given origin', () => {
    expect(
      redirectAction('http://shop.local:3000', 'authorize', intent, 'https://shop/return'),
    ).toEqual({
      type: 'redirect_to_url',
      redirect_to_url: {
        url: 'http://shop.local:3000/test-processor/authorize/pi_abc?client_secret=pi_abc_secret_def',
        return_url: 'https://shop/return',
      },
    });
  });

  it('adds Stripe’s return parameters, keeping the return URL’s query and hash', () => {
    const url = returnUrlWith('https://shop.example/checkout/?a=1#wc-stripe-confirm-pi:1:s:n', {
      payment_intent: 'pi_abc',
      redirect_status: 'succeeded',
    });
    expect(url).toBe(
      'https://shop.example/checkout/?a=1&payment_intent=pi_abc&redirect_status=succeeded#wc-stripe-confirm-pi:1:s:n',
    );
  });

  it('gives each voucher stable numbers and Stripe’s expiry', () => {
    const boleto = voucherAction('boleto', 'http://o', intent, now);
    expect(voucherAction('boleto', 'http://o', intent, now)).toEqual(boleto);
    expect(boleto.boleto_display_details?.number).toMatch(/^\d{47}$/);
    expect(boleto.boleto_display_details?.expires_at).toBe(
      Date.UTC(2026, 10, 25, 23, 59, 59) / 1000,
    );
    const multibanco = voucherAction(
      'multibanco',
      'http://o',
      intent,
      now,
    ).multibanco_display_details;
    expect(multibanco?.expires_at).toBe(Date.UTC(2026, 10, 29, 23, 59, 59) / 1000);
    expect(multibanco?.entity).toMatch(/^\d{5}$/);
    const other = voucherAction('oxxo', 'http://o', { ...intent, id: 'pi_other' }, now);
    expect(other.oxxo_display_details?.number).not.toBe(
      voucherAction('oxxo', 'http://o', intent, now).oxxo_display_details?.number,
    );
  });
});

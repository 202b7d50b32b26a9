import { createHash } from 'node:crypto';
import { TEST_PROCESSOR_VOUCHER_DAYS } from './constants.ts';
import { TEST_PROCESSOR_PATH } from './keys.ts';
import type { VoucherMethodType } from './method-types.ts';

/** Where the shopper goes next, as Stripe's `next_action`. */
export type ProcessorPage = 'challenge' | 'authorize';

export function redirectAction(
  origin: string,
  page: ProcessorPage,
  intent: { id: string; client_secret: string },
  returnUrl: string | null,
) {
  const url = `${origin}${TEST_PROCESSOR_PATH}/${page}/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret)}`;
  return { type: 'redirect_to_url', redirect_to_url: { url, return_url: returnUrl } };
}

export function voucherUrl(origin: string, intent: { id: string; client_secret: string }) {
  return `${origin}${TEST_PROCESSOR_PATH}/voucher/${intent.id}?client_secret=${encodeURIComponent(intent.client_secret)}`;
}

/** Digits that stay the same for one intent: its voucher's number on every page and API call. */
function digitsFor(seed: string, length: number): string {
  let digits = '';
  for (let round = 0; digits.length < length; round++) {
    const hash = createHash('sha256').update(`${seed}:${round}`).digest();
    for (const byte of hash) digits += String(byte % 10);
  }
  return digits.slice(0, length);
}

const endOfDay = (now: Date, days: number) => {
  const at = new Date(now.getTime() + days * 86_400_000);
  at.setUTCHours(23, 59, 59, 0);
  return Math.floor(at.getTime() / 1000);
};

/** Stripe's `{type}_display_details` for a voucher. */
export function voucherAction(
  type: VoucherMethodType,
  origin: string,
  intent: { id: string; client_secret: string },
  now: Date,
) {
  const hosted = voucherUrl(origin, intent);
  const expires = endOfDay(now, TEST_PROCESSOR_VOUCHER_DAYS[type]);
  switch (type) {
    case 'boleto':
      return {
        type: 'boleto_display_details',
        boleto_display_details: {
          number: digitsFor(intent.id, 47),
          expires_at: expires,
          hosted_voucher_url: hosted,
          pdf: `${origin}${TEST_PROCESSOR_PATH}/voucher/${intent.id}/pdf?client_secret=${encodeURIComponent(intent.client_secret)}`,
        },
      };
    case 'oxxo':
      return {
        type: 'oxxo_display_details',
        oxxo_display_details: {
          number: digitsFor(intent.id, 18),
          expires_after: expires,
          hosted_voucher_url: hosted,
        },
      };
    case 'multibanco': {
      const digits = digitsFor(intent.id, 14);
      return {
        type: 'multibanco_display_details',
        multibanco_display_details: {
          entity: digits.slice(0, 5),
          reference: digits.slice(5),
          expires_at: expires,
          hosted_voucher_url: hosted,
        },
      };
    }
  }
}

/** The return URL with Stripe's redirect parameters added; its own query and hash kept. */
export function returnUrlWith(returnUrl: string, params: Record<string, string>): string {
  const url = new URL(returnUrl);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

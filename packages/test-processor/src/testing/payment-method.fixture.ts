import { TEST_PUBLISHABLE_KEY } from '../keys.ts';

export interface CreatedPaymentMethod {
  status: number;
  id?: string;
  error?: { code: string; type: string };
}

/** Makes a card payment method at the test processor, as the browser's card element does. */
export async function createTestPaymentMethod(
  baseUrl: string,
  number: string,
  card: { expMonth?: string; expYear?: string; cvc?: string } = {},
): Promise<CreatedPaymentMethod> {
  const response = await fetch(`${baseUrl}/test-processor/v1/payment_methods`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${TEST_PUBLISHABLE_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': number,
      'card[exp_month]': card.expMonth ?? '12',
      'card[exp_year]': card.expYear ?? '2034',
      'card[cvc]': card.cvc ?? '123',
    }),
  });
  return { status: response.status, ...((await response.json()) as object) };
}

import { checkCard } from './cards.ts';
import { newId } from './ids.ts';
import { isMethodType, methodTypes } from './method-types.ts';
import { mergeMetadata, record, str, type Params } from './params.ts';
import {
  invalidRequest,
  missingParam,
  processorMessages,
  StripeApiError,
} from './stripe-objects.ts';
import type { MethodRow, TestProcessorRepo } from './test-processor.repo.ts';

const FIELD_LENGTH = 200;
const addressFields = ['city', 'country', 'line1', 'line2', 'postal_code', 'state'] as const;

function text(params: Params, key: string, param: string): string | null {
  const value = params[key];
  if (value === undefined || value === '') return null;
  if (typeof value !== 'string' || value.length > FIELD_LENGTH)
    throw invalidRequest(`Invalid ${param}`, param);
  return value;
}

/** Stripe's billing_details, every field present (null when not given). */
function billingDetails(params: Params) {
  const given = record(params, 'billing_details');
  const address = record(given, 'address');
  return {
    address: Object.fromEntries(
      addressFields.map((field) => [
        field,
        text(address, field, `billing_details[address][${field}]`),
      ]),
    ),
    email: text(given, 'email', 'billing_details[email]'),
    name: text(given, 'name', 'billing_details[name]'),
    phone: text(given, 'phone', 'billing_details[phone]'),
  };
}

function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) =>
    String(c.charCodeAt(0) - 55),
  );
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** The fields each type keeps as given; account numbers are kept only as their last 4. */
const keptFields: Partial<Record<string, string[]>> = {
  ideal: ['bank'],
  eps: ['bank'],
  p24: ['bank'],
  sofort: ['country'],
  au_becs_debit: ['bsb_number'],
  boleto: ['tax_id'],
};

function methodDetails(type: string, params: Params): Record<string, string | null> {
  const given = record(params, type);
  const details: Record<string, string | null> = {};
  for (const field of keptFields[type] ?? [])
    details[field] = text(given, field, `${type}[${field}]`);
  if (type === 'sepa_debit') {
    const iban = text(given, 'iban', 'sepa_debit[iban]')?.replace(/\s/g, '').toUpperCase();
    if (iban && !ibanValid(iban))
      throw invalidRequest('The IBAN you entered is invalid.', 'sepa_debit[iban]', 'invalid_iban');
    details.country = iban?.slice(0, 2) ?? null;
    details.last4 = iban?.slice(-4) ?? null;
  }
  if (type === 'au_becs_debit')
    details.last4 =
      text(given, 'account_number', 'au_becs_debit[account_number]')?.slice(-4) ?? null;
  return details;
}

function cardColumns(params: Params) {
  const card = record(params, 'card');
  const expMonth = Number(str(card, 'exp_month'));
  const rawYear = Number(str(card, 'exp_year'));
  const check = checkCard(
    { number: str(card, 'number') ?? '', expMonth, expYear: rawYear, cvc: str(card, 'cvc') ?? '' },
    new Date(),
  );
  if (!check.ok)
    throw new StripeApiError(402, {
      type: 'card_error',
      code: check.code,
      message: processorMessages[check.code]!,
      param: check.param,
    });
  return {
    brand: check.brand,
    last4: check.last4,
    exp_month: expMonth,
    exp_year: rawYear < 100 ? 2000 + rawYear : rawYear,
    test_outcome: JSON.stringify(check.outcome),
  };
}

/**
 * Makes a payment method of any known type. A card is checked and kept as brand, last 4,
 * expiry and its test outcome: never its number or CVC.
 */
export async function createPaymentMethod(
  repo: TestProcessorRepo,
  params: Params,
  param = 'type',
): Promise<MethodRow> {
  const type = str(params, 'type');
  if (!type) throw missingParam(param);
  if (!isMethodType(type))
    throw invalidRequest(
      `Invalid ${param}: must be one of ${methodTypes.join(', ')}`,
      param,
      'parameter_invalid',
    );
  const card = type === 'card' ? cardColumns(params) : undefined;
  const id = newId('pm');
  await repo.savePaymentMethod({
    id,
    type,
    customer: null,
    brand: card?.brand ?? null,
    last4: card?.last4 ?? null,
    exp_month: card?.exp_month ?? null,
    exp_year: card?.exp_year ?? null,
    test_outcome: card?.test_outcome ?? null,
    details_json: JSON.stringify(card ? {} : methodDetails(type, params)),
    billing_json: JSON.stringify(billingDetails(params)),
    metadata_json: JSON.stringify(mergeMetadata({}, params)),
  });
  return (await repo.paymentMethod(id))!;
}

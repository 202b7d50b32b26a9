/**
 * The payment method types the test processor knows (seed 001 §3), grouped by how confirming
 * them behaves. Browser-safe.
 */
export const redirectMethodTypes = [
  'alipay',
  'affirm',
  'afterpay_clearpay',
  'au_becs_debit',
  'eps',
  'giropay',
  'klarna',
  'p24',
  'wechat_pay',
  'ideal',
  'bancontact',
  'sofort',
] as const;

export const voucherMethodTypes = ['boleto', 'oxxo', 'multibanco'] as const;

export const alternativeMethodTypes = [
  ...redirectMethodTypes,
  ...voucherMethodTypes,
  'blik',
  'sepa_debit',
] as const;

export const methodTypes = ['card', ...alternativeMethodTypes] as const;

export type RedirectMethodType = (typeof redirectMethodTypes)[number];
export type VoucherMethodType = (typeof voucherMethodTypes)[number];
export type AlternativeMethodType = (typeof alternativeMethodTypes)[number];
export type MethodType = (typeof methodTypes)[number];

/** Types a SetupIntent can save for later, as in Stripe. */
export const reusableMethodTypes: readonly MethodType[] = [
  'card',
  'sepa_debit',
  'au_becs_debit',
  'ideal',
  'bancontact',
  'sofort',
  'klarna',
];

/** How each type is named to a person on the processor's own pages. */
export const methodTypeTitles: Record<MethodType, string> = {
  card: 'Card',
  alipay: 'Alipay',
  affirm: 'Affirm',
  afterpay_clearpay: 'Afterpay / Clearpay',
  au_becs_debit: 'BECS Direct Debit',
  eps: 'EPS',
  giropay: 'giropay',
  klarna: 'Klarna',
  p24: 'Przelewy24',
  wechat_pay: 'WeChat Pay',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  sofort: 'Sofort',
  boleto: 'Boleto',
  oxxo: 'OXXO',
  multibanco: 'Multibanco',
  blik: 'BLIK',
  sepa_debit: 'SEPA Direct Debit',
};

const is =
  <T extends string>(list: readonly T[]) =>
  (type: string): type is T =>
    (list as readonly string[]).includes(type);

export const isMethodType = is(methodTypes);
export const isRedirectType = is(redirectMethodTypes);
export const isVoucherType = is(voucherMethodTypes);

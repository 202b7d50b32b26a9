import { TEST_PROCESSOR_BROWSER_TIMEOUT_MS } from '../../platform/constants/index.ts';
import { cardPaymentMessages, type CardErrorCode } from '../../platform/messages/card-payment.ts';
import { TEST_PROCESSOR_PATH } from '@shop/test-processor/keys';

/**
 * The part of Stripe.js the checkout uses, implemented against the built-in test processor:
 * plain async functions, the publishable key first as `Stripe(key)` would hold it. Card data
 * goes only to the processor, never to the shop. With real keys the checkout loads
 * @stripe/stripe-js instead.
 */
export interface CardDetails {
  number: string;
  expiry: string;
  cvc: string;
}

export interface BillingDetails {
  name: string;
  email: string;
  phone: string;
  address: {
    city: string;
    country: string;
    line1: string;
    line2: string;
    postal_code: string;
    state: string;
  };
}

/** A payment method of any type: `card` with its card, the others with their own fields. */
export interface NewPaymentMethod {
  type: string;
  card?: CardDetails | undefined;
  billing: BillingDetails;
  /** The type's fields, e.g. `{ iban }` for sepa_debit, `{ bank }` for ideal. */
  details?: Record<string, string>;
}

export interface StripeJsError {
  type: string;
  code: string;
  decline_code?: string;
  param?: string;
  /** The shop's text for it (seed 001 §8), never the processor's own wording. */
  message: string;
  payment_intent?: PaymentIntent;
  setup_intent?: SetupIntent;
}

export interface NextAction {
  type: string;
  redirect_to_url?: { url: string; return_url: string | null };
  [details: string]: unknown;
}

interface Intent {
  id: string;
  client_secret: string;
  status: string;
  payment_method: string | null;
  next_action: NextAction | null;
}

export interface PaymentIntent extends Intent {
  object: 'payment_intent';
  amount: number;
  currency: string;
  last_payment_error: { type: string; code?: string; message?: string } | null;
}

export interface SetupIntent extends Intent {
  object: 'setup_intent';
  last_setup_error: { type: string; code?: string; message?: string } | null;
}

export type PaymentMethodResult =
  { paymentMethod: { id: string; type: string } } | { error: StripeJsError };
export type PaymentIntentResult = { paymentIntent: PaymentIntent } | { error: StripeJsError };
export type SetupIntentResult = { setupIntent: SetupIntent } | { error: StripeJsError };

export interface LocalStripeOptions {
  /** Where the processor is; '' (the page's own origin) in the browser. */
  baseUrl?: string;
  /** How the page leaves for a challenge or return URL; `location.assign` in the browser. */
  navigate?: (url: string) => void;
}

export interface ConfirmOptions {
  clientSecret: string;
  paymentMethodId?: string;
  returnUrl?: string;
  blikCode?: string;
  /** As Stripe.js: `always` goes to the return URL even when nothing needs a redirect. */
  redirect?: 'if_required' | 'always';
}

interface ProcessorError {
  error?: {
    type: string;
    code?: string;
    decline_code?: string;
    param?: string;
    payment_intent?: PaymentIntent;
    setup_intent?: SetupIntent;
  };
}

/** Seed 001 §8: card errors by code, the BLIK code's own text, everything else one text. */
function errorText(error: { type: string; code?: string; param?: string }): string {
  if (error.type === 'card_error' || error.type === 'validation_error')
    return (
      cardPaymentMessages.cardErrors[error.code as CardErrorCode] ??
      cardPaymentMessages.cardErrors.card_declined
    );
  if (error.param?.startsWith('payment_method_options[blik]'))
    return cardPaymentMessages.blikCodeInvalid;
  if (error.code === 'email_invalid') return cardPaymentMessages.stripeJsErrors.email_invalid;
  if (error.type === 'api_connection_error')
    return (
      cardPaymentMessages.stripeJsErrors[error.code as 'timeout' | 'abort'] ??
      cardPaymentMessages.stripeJsErrors.connection
    );
  return cardPaymentMessages.unableToProcess;
}

/** A processor or Stripe.js error with the shop's text for it (seed 001 §8). */
export function toError(
  error: Omit<StripeJsError, 'message' | 'code'> & { code?: string },
): StripeJsError {
  return { ...error, code: error.code ?? error.type, message: errorText(error) };
}

/** Checks done in the browser before anything is sent, as Stripe's element does. */
export function checkCardFields(card: CardDetails): { code: CardErrorCode } | null {
  const digits = card.number.replace(/\D/g, '');
  if (digits.length < 16) return { code: 'incomplete_number' };
  if (!/^\d\d\/\d\d$/.test(card.expiry)) return { code: 'incomplete_expiry' };
  const [month, year] = card.expiry.split('/').map(Number) as [number, number];
  if (month < 1 || month > 12) return { code: 'invalid_expiry_month' };
  const now = new Date();
  const fullYear = 2000 + year;
  if (
    fullYear < now.getFullYear() ||
    (fullYear === now.getFullYear() && month < now.getMonth() + 1)
  )
    return { code: 'invalid_expiry_year_past' };
  if (!/^\d{3}$/.test(card.cvc)) return { code: 'incomplete_cvc' };
  return null;
}

const api = (options: LocalStripeOptions, path: string) =>
  `${options.baseUrl ?? ''}${TEST_PROCESSOR_PATH}/v1${path}`;

/** One call to the processor; a failed connection is an error like any other. */
async function call<T>(
  publishableKey: string,
  url: string,
  fields?: Record<string, string>,
): Promise<{ data: T } | { error: StripeJsError }> {
  try {
    const response = await fetch(url, {
      method: fields ? 'POST' : 'GET',
      headers: {
        Accept: 'application/json',
        Authorization: `Bearer ${publishableKey}`,
        ...(fields && { 'Content-Type': 'application/x-www-form-urlencoded' }),
      },
      body: fields ? new URLSearchParams(fields) : null,
      signal: AbortSignal.timeout(TEST_PROCESSOR_BROWSER_TIMEOUT_MS),
    });
    const data = (await response.json().catch(() => ({}))) as T & ProcessorError;
    if (response.ok) return { data };
    return { error: toError(data.error ?? { type: 'api_error' }) };
  } catch (thrown) {
    const name = (thrown as { name?: string }).name;
    const code =
      name === 'TimeoutError' ? 'timeout' : name === 'AbortError' ? 'abort' : 'connection';
    return { error: toError({ type: 'api_connection_error', code }) };
  }
}

function paymentMethodFields(method: NewPaymentMethod): Record<string, string> {
  const { billing } = method;
  const fields: Record<string, string> = {
    type: method.type,
    'billing_details[name]': billing.name,
    'billing_details[email]': billing.email,
    'billing_details[phone]': billing.phone,
  };
  for (const [key, value] of Object.entries(billing.address))
    fields[`billing_details[address][${key}]`] = value;
  if (method.card) {
    const [month, year] = method.card.expiry.split('/');
    Object.assign(fields, {
      'card[number]': method.card.number.replace(/\D/g, ''),
      'card[exp_month]': String(Number(month)),
      'card[exp_year]': String(2000 + Number(year)),
      'card[cvc]': method.card.cvc,
    });
  }
  for (const [key, value] of Object.entries(method.details ?? {}))
    fields[`${method.type}[${key}]`] = value;
  return fields;
}

/**
 * Makes a payment method at the processor, as `stripe.createPaymentMethod` does: either
 * `(key, card, billing)` for a card, or `(key, { type, card?, billing, details? })`.
 */
export async function createPaymentMethod(
  publishableKey: string,
  cardOrMethod: CardDetails | NewPaymentMethod,
  billingOrOptions?: BillingDetails | LocalStripeOptions,
  maybeOptions: LocalStripeOptions = {},
): Promise<PaymentMethodResult> {
  const isCard = 'number' in cardOrMethod;
  const method: NewPaymentMethod = isCard
    ? { type: 'card', card: cardOrMethod, billing: billingOrOptions as BillingDetails }
    : cardOrMethod;
  const options = (isCard ? maybeOptions : billingOrOptions) as LocalStripeOptions | undefined;
  if (method.type === 'card') {
    const local = method.card
      ? checkCardFields(method.card)
      : { code: 'incomplete_number' as const };
    if (local) return { error: toError({ type: 'validation_error', code: local.code }) };
  }
  const result = await call<{ id: string; type: string }>(
    publishableKey,
    api(options ?? {}, '/payment_methods'),
    paymentMethodFields(method),
  );
  if ('error' in result) return result;
  return { paymentMethod: { id: result.data.id, type: result.data.type } };
}

/** `pi_123_secret_abc` -> `pi_123`, as Stripe.js reads it. */
function intentIdOf(clientSecret: string, prefix: 'pi' | 'seti'): string | undefined {
  const match = new RegExp(`^(${prefix}_[A-Za-z0-9]+)_secret_[A-Za-z0-9]+$`).exec(clientSecret);
  return match?.[1];
}

const badSecret = (): { error: StripeJsError } => ({
  error: toError({
    type: 'invalid_request_error',
    code: 'client_secret_invalid',
    param: 'clientSecret',
  }),
});

const defaultNavigate = (url: string) => window.location.assign(url);

/** Leaves the page as Stripe.js does: the promise never settles, the page is going away. */
function leave(options: LocalStripeOptions, url: string): Promise<never> {
  (options.navigate ?? defaultNavigate)(url);
  return new Promise<never>(() => undefined);
}

function returnUrlWith(returnUrl: string, intent: Intent, kind: 'payment_intent' | 'setup_intent') {
  const url = new URL(returnUrl, globalThis.location?.href);
  url.searchParams.set(kind, intent.id);
  url.searchParams.set(`${kind}_client_secret`, intent.client_secret);
  const ok = ['succeeded', 'requires_capture'].includes(intent.status);
  url.searchParams.set(
    'redirect_status',
    ok ? 'succeeded' : intent.status === 'processing' ? 'processing' : 'failed',
  );
  return url.toString();
}

/** What follows a confirm: the challenge or authorisation page, the return URL, or nothing. */
function afterConfirm<T extends Intent>(
  intent: T,
  confirm: ConfirmOptions,
  kind: 'payment_intent' | 'setup_intent',
  options: LocalStripeOptions,
): T | Promise<never> {
  const redirect = intent.next_action?.redirect_to_url?.url;
  if (intent.status === 'requires_action' && redirect) return leave(options, redirect);
  if (confirm.redirect === 'always' && confirm.returnUrl && intent.status !== 'requires_action')
    return leave(options, returnUrlWith(confirm.returnUrl, intent, kind));
  return intent;
}

function confirmFields(confirm: ConfirmOptions): Record<string, string> {
  const fields: Record<string, string> = { client_secret: confirm.clientSecret };
  if (confirm.paymentMethodId) fields.payment_method = confirm.paymentMethodId;
  if (confirm.returnUrl)
    fields.return_url = new URL(confirm.returnUrl, globalThis.location?.href).toString();
  if (confirm.blikCode !== undefined)
    fields['payment_method_options[blik][code]'] = confirm.blikCode;
  return fields;
}

/**
 * `stripe.confirmPayment`: confirms with the processor; a 3D Secure challenge or a redirect
 * method's page is opened by leaving for it (the promise then never settles); a voucher's
 * details come back in `paymentIntent.next_action`.
 */
export async function confirmPayment(
  publishableKey: string,
  confirm: ConfirmOptions,
  options: LocalStripeOptions = {},
): Promise<PaymentIntentResult> {
  const id = intentIdOf(confirm.clientSecret, 'pi');
  if (!id) return badSecret();
  const result = await call<PaymentIntent>(
    publishableKey,
    api(options, `/payment_intents/${id}/confirm`),
    confirmFields(confirm),
  );
  if ('error' in result) return result;
  return { paymentIntent: await afterConfirm(result.data, confirm, 'payment_intent', options) };
}

/** `stripe.confirmSetup`, likewise for saving a payment method. */
export async function confirmSetup(
  publishableKey: string,
  confirm: Omit<ConfirmOptions, 'blikCode'>,
  options: LocalStripeOptions = {},
): Promise<SetupIntentResult> {
  const id = intentIdOf(confirm.clientSecret, 'seti');
  if (!id) return badSecret();
  const result = await call<SetupIntent>(
    publishableKey,
    api(options, `/setup_intents/${id}/confirm`),
    confirmFields(confirm),
  );
  if ('error' in result) return result;
  return { setupIntent: await afterConfirm(result.data, confirm, 'setup_intent', options) };
}

function retrieve<T>(
  publishableKey: string,
  path: string,
  clientSecret: string,
  options: LocalStripeOptions,
) {
  const url = `${api(options, path)}?client_secret=${encodeURIComponent(clientSecret)}`;
  return call<T>(publishableKey, url);
}

export async function retrievePaymentIntent(
  publishableKey: string,
  clientSecret: string,
  options: LocalStripeOptions = {},
): Promise<PaymentIntentResult> {
  const id = intentIdOf(clientSecret, 'pi');
  if (!id) return badSecret();
  const result = await retrieve<PaymentIntent>(
    publishableKey,
    `/payment_intents/${id}`,
    clientSecret,
    options,
  );
  return 'error' in result ? result : { paymentIntent: result.data };
}

export async function retrieveSetupIntent(
  publishableKey: string,
  clientSecret: string,
  options: LocalStripeOptions = {},
): Promise<SetupIntentResult> {
  const id = intentIdOf(clientSecret, 'seti');
  if (!id) return badSecret();
  const result = await retrieve<SetupIntent>(
    publishableKey,
    `/setup_intents/${id}`,
    clientSecret,
    options,
  );
  return 'error' in result ? result : { setupIntent: result.data };
}

/** The setup intent's side of `handleNextAction`. */
async function handleSetupNextAction(
  publishableKey: string,
  clientSecret: string,
  options: LocalStripeOptions,
): Promise<SetupIntentResult> {
  const result = await retrieveSetupIntent(publishableKey, clientSecret, options);
  if ('error' in result) return result;
  const intent = result.setupIntent;
  const url = intent.next_action?.redirect_to_url?.url;
  if (intent.status === 'requires_action' && url) return leave(options, url);
  if (intent.status === 'requires_payment_method' && intent.last_setup_error)
    return { error: { ...toError(intent.last_setup_error), setup_intent: intent } };
  return { setupIntent: intent };
}

/**
 * `stripe.handleNextAction`: an intent confirmed on the server may still need the shopper.
 * A challenge, authorisation or hosted voucher page is opened by leaving for it; otherwise the
 * intent comes back, with its last error as `error` when the attempt failed. As in Stripe.js, a
 * setup intent's client secret (`seti_…`) answers with `setupIntent`.
 */
export async function handleNextAction(
  publishableKey: string,
  { clientSecret }: { clientSecret: string },
  options: LocalStripeOptions = {},
): Promise<PaymentIntentResult | SetupIntentResult> {
  if (intentIdOf(clientSecret, 'seti'))
    return handleSetupNextAction(publishableKey, clientSecret, options);
  const result = await retrievePaymentIntent(publishableKey, clientSecret, options);
  if ('error' in result) return result;
  const intent = result.paymentIntent;
  const action = intent.next_action;
  if (intent.status === 'requires_action' && action) {
    const details = action[action.type] as { hosted_voucher_url?: string } | undefined;
    const url = action.redirect_to_url?.url ?? details?.hosted_voucher_url;
    if (url) return leave(options, url);
  }
  if (intent.status === 'requires_payment_method' && intent.last_payment_error)
    return { error: { ...toError(intent.last_payment_error), payment_intent: intent } };
  return { paymentIntent: intent };
}

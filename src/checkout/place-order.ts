import { newPasswordProblem, wantsAccount } from '../accounts/account.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import type { CartService, CartView } from '../cart/cart.service.ts';
import { availableFor, paymentMethodById, type PaymentMethodInfo } from '../payments/methods.ts';
import { payOrder } from '../payments/order-payment.ts';
import { retryAfterSeconds } from '../payments/rate-limit.ts';
import type { PaymentsConfig } from '../payments/stripe-client.ts';
import { ORDER_PAYMENT_LOCK_MS } from '../platform/constants/index.ts';
import type { Db } from '../platform/db/database.ts';
import type { AppServer } from '../platform/jobs/app-server.ts';
import { ShopError } from '../platform/errors/shop-error.ts';
import { messages } from '../platform/messages/index.ts';
import type { RateVerdict } from '../platform/rate-limit/rate-limit.ts';
import type { Session } from '../platform/session/session.ts';
import {
  addressFromForm,
  validateAddress,
  type BillingAddress,
  type FieldError,
  type ShippingAddress,
} from './address.ts';
import { claimCheckout, releaseCheckout } from './checkout-claim.ts';
import { draftOrder, type Order } from './order.ts';
import { orderPayRepo } from './order-pay.repo.ts';
import type { OrdersRepo } from './orders.repo.ts';
import { settlePayment } from './settle-payment.ts';
import { termsRefusal } from './terms.ts';
import type { Destination } from '../cart/shipping.ts';

/**
 * `session`: the session the shopper goes on with when this checkout opened an account and
 * logged them in (a new id: its cookie must be set). `reload`: the page's nonces belong to the
 * old session, so the browser reloads the checkout, where the errors wait as notices.
 * `status`: a refusal with its own HTTP status: 429 over the card-testing limit (for
 * `retryAfterMs`), 409 while another payment attempt holds the order.
 */
export type CheckoutResult =
  | { result: 'success'; redirect: string; order: Order; session?: Session }
  | {
      result: 'failure';
      messages: string[];
      fieldErrors: FieldError[];
      order?: Order;
      session?: Session;
      reload?: boolean;
      status?: 409 | 429;
      retryAfterMs?: number;
    };

export interface CheckoutDeps {
  db: Db;
  cart: CartService;
  orders: OrdersRepo;
  payments: () => PaymentsConfig;
  accounts: AccountsService;
  /** This app server: whose checkout claims are running. */
  server: AppServer;
}

export function orderReceivedUrl(order: Pick<Order, 'id' | 'key'>): string {
  return `/checkout/order-received/${order.id}/?key=${encodeURIComponent(order.key)}`;
}

export function orderPayUrl(order: Pick<Order, 'id' | 'key'>): string {
  return `/checkout/order-pay/${order.id}/?key=${encodeURIComponent(order.key)}`;
}

/**
 * How a refusal answers over HTTP: its own status (429 over the card-testing limit, with
 * `Retry-After`; 409 while another attempt pays the order), else 200 with the failure.
 */
export function failureResponse(result: Extract<CheckoutResult, { result: 'failure' }>): {
  status: number;
  headers: Record<string, string>;
} {
  return {
    status: result.status ?? 200,
    headers:
      result.retryAfterMs === undefined
        ? {}
        : { 'Retry-After': String(retryAfterSeconds(result.retryAfterMs)) },
  };
}

function failure(texts: string[], fieldErrors: FieldError[] = []): CheckoutResult {
  return { result: 'failure', messages: texts, fieldErrors };
}

export function formText(form: Record<string, unknown>, name: string): string {
  const value = form[name];
  return typeof value === 'string' ? value.trim() : '';
}

/** The checkout form's addresses: billing, and shipping when shipping elsewhere. */
export function checkoutAddresses(form: Record<string, unknown>): {
  billing: BillingAddress;
  shipping: ShippingAddress | null;
} {
  const billing = addressFromForm(form, 'billing');
  const elsewhere = ['1', 'on', 'true'].includes(formText(form, 'ship_to_different_address'));
  return { billing, shipping: elsewhere ? addressFromForm(form, 'shipping') : null };
}

export function destinationOf(address: ShippingAddress): Destination {
  const { country, state, postcode, city } = address;
  return { country, state, postcode, city };
}

interface PaymentChoice {
  method: PaymentMethodInfo;
  paymentMethodId: string;
}

/** Counts one payment attempt of the visitor against the card-testing limit. */
export type CountPaymentAttempt = () => Promise<RateVerdict>;

/**
 * Card-testing protection: a payment with a method that takes a card or makes an intent counts
 * against the same limit as the gateway's intent calls. Over it: the refusal, before anything
 * is created or charged; otherwise nothing.
 */
export async function refusedPaymentAttempt(
  method: PaymentMethodInfo,
  count: CountPaymentAttempt,
): Promise<Extract<CheckoutResult, { result: 'failure' }> | undefined> {
  if (!method.type) return undefined;
  const verdict = await count();
  if (verdict.allowed) return undefined;
  return {
    result: 'failure',
    messages: [messages.intentRateLimited],
    fieldErrors: [],
    status: 429,
    retryAfterMs: verdict.retryAfterMs,
  };
}

/**
 * One payment at a time per order: the attempt runs under the order's payment lock (released
 * when it ends, however it ends). Two attempts at once, say from two tabs with different
 * methods, cannot both charge: the one that finds the order locked is refused with the
 * payment-in-progress text, before it changes or charges anything. A lock whose attempt died
 * (its server is gone) is taken over at once.
 */
export async function withPaymentLock(
  deps: Pick<CheckoutDeps, 'db' | 'server'>,
  order: Order,
  attempt: () => Promise<CheckoutResult>,
): Promise<CheckoutResult> {
  const holder = deps.server.startAttempt();
  try {
    return await lockedAttempt(deps.db, deps.server, holder, order, attempt);
  } finally {
    deps.server.finish(holder);
  }
}

/** The order's payment lock for this attempt, taken or taken over from a dead holder. */
async function takePaymentLock(
  db: Db,
  server: AppServer,
  holder: string,
  orderId: number,
): Promise<string | null> {
  const repo = orderPayRepo(db);
  const nowMs = Date.now();
  const token = await repo.lockPayment(orderId, nowMs, ORDER_PAYMENT_LOCK_MS, holder);
  if (token) return token;
  const current = await repo.paymentLockHolder(orderId, nowMs);
  if (!current || (await server.isRunning(current))) return null;
  return repo.takeOverPayment(orderId, current, nowMs, ORDER_PAYMENT_LOCK_MS, holder);
}

async function lockedAttempt(
  db: Db,
  server: AppServer,
  holder: string,
  order: Order,
  attempt: () => Promise<CheckoutResult>,
): Promise<CheckoutResult> {
  const repo = orderPayRepo(db);
  const token = await takePaymentLock(db, server, holder, order.id);
  if (!token)
    return {
      result: 'failure',
      messages: [messages.orderPaymentInProgress],
      fieldErrors: [],
      order,
      status: 409,
    };
  try {
    return await attempt();
  } finally {
    await repo.unlockPayment(order.id, token);
  }
}

/** The chosen method, checked against the billing country and what the browser made for it. */
function choosePayment(
  form: Record<string, unknown>,
  view: CartView,
  billingCountry: string,
): PaymentChoice | string {
  if (view.totals.total === 0) return { method: paymentMethodById('cod')!, paymentMethodId: '' };
  const method = paymentMethodById(formText(form, 'payment_method'));
  if (!method || !availableFor(method, billingCountry)) return messages.noPaymentMethod;
  const paymentMethodId = formText(form, 'wc-stripe-payment-method');
  if (method.type && !/^pm_\w+$/.test(paymentMethodId)) return messages.cardPaymentNeedsJs;
  return { method, paymentMethodId };
}

/** A new account's problems, with the address errors: password, and an email already taken. */
async function accountErrors(
  deps: CheckoutDeps,
  billing: BillingAddress,
  password: string,
): Promise<FieldError[]> {
  const problem = newPasswordProblem(password);
  if (problem) return [{ field: 'account_password', message: problem }];
  if (billing.email !== '' && (await deps.accounts.customers.findByEmail(billing.email)))
    return [{ field: 'billing_email', message: messages.accountExists }];
  return [];
}

/**
 * Places an order from the session's cart and the submitted checkout form: reprice for the
 * address and shipping choice, validate, open the shopper's account when they asked for one
 * (seed 001 §2, §6) and log them in, create the order with its stock in one transaction, take
 * payment, empty the cart. One checkout of a cart runs at a time.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  sessionId: string | undefined,
  form: Record<string, unknown>,
  request: {
    origin: string;
    /** The confirm nonce of the session the order is placed in (a new one after signing up). */
    confirmNonce: (sessionId: string) => string;
    /** The visitor's payment attempts, counted per session and IP (card-testing protection). */
    countPaymentAttempt: CountPaymentAttempt;
  },
): Promise<CheckoutResult> {
  const current = await deps.cart.read(sessionId);
  if (!sessionId || current.totals.lines.length === 0) return failure([messages.checkoutCartEmpty]);
  const loggedIn = await deps.accounts.customers.customerOfSession(sessionId);
  const rules = await deps.accounts.checkoutRules(loggedIn);
  if (rules.mustLogIn) return failure([messages.mustLogInToCheckout]);
  const signUp = wantsAccount(form, rules);
  const password = typeof form.account_password === 'string' ? form.account_password : '';
  const { billing, shipping } = checkoutAddresses(form);
  const fieldErrors = [
    ...validateAddress(billing, 'billing'),
    ...(shipping ? validateAddress(shipping, 'shipping') : []),
    ...(signUp ? await accountErrors(deps, billing, password) : []),
  ];
  const terms = termsRefusal(form);
  if (fieldErrors.length > 0 || terms)
    return failure([...fieldErrors.map((e) => e.message), ...(terms ? [terms] : [])], fieldErrors);

  const view = await deps.cart.setCustomer(sessionId, {
    destination: destinationOf(shipping ?? billing),
    ...(formText(form, 'shipping_method[0]') && {
      shippingRate: formText(form, 'shipping_method[0]'),
    }),
  });
  if (view.totals.needsShipping && !view.totals.shippingRate)
    return failure([messages.noShippingMethods]);
  const choice = choosePayment(form, view, billing.country);
  if (typeof choice === 'string') return failure([choice]);
  const refused = await refusedPaymentAttempt(choice.method, request.countPaymentAttempt);
  if (refused) return refused;

  const claim = await claimCheckout(deps.db, deps.server, sessionId);
  if (!claim) throw new ShopError('checkout_in_progress', messages.checkoutInProgress, 409);
  let session: Session | undefined;
  try {
    let customerId = loggedIn;
    if (signUp) {
      const opened = await deps.accounts.register({
        email: billing.email,
        password,
        firstName: billing.first_name,
        lastName: billing.last_name,
      });
      if ('error' in opened) return failure([opened.error]);
      // Logged in from here on, under a new session id that carries the cart (and this claim).
      session = await deps.accounts.startSession(sessionId, opened.customer.id);
      customerId = opened.customer.id;
    }
    const orderSession = session?.id ?? sessionId;
    const result = await createAndPay(deps, orderSession, view, form, {
      billing,
      shipping,
      origin: request.origin,
      confirmNonce: request.confirmNonce(orderSession),
      choice,
      customerId,
    });
    if (!session) return result;
    if (result.result === 'success') return { ...result, session };
    await deps.accounts.keepErrors(session.id, result.messages);
    return { ...result, session, reload: true };
  } finally {
    await releaseCheckout(deps.db, deps.server, session?.id ?? sessionId, claim);
  }
}

async function createAndPay(
  deps: CheckoutDeps,
  sessionId: string,
  view: CartView,
  form: Record<string, unknown>,
  input: {
    billing: BillingAddress;
    shipping: ShippingAddress | null;
    origin: string;
    confirmNonce: string;
    choice: PaymentChoice;
    customerId: number | null;
  },
): Promise<CheckoutResult> {
  const { method, paymentMethodId } = input.choice;
  let order: Order;
  try {
    order = await deps.orders.create(
      draftOrder(view.totals, {
        billing: input.billing,
        shippingAddress: view.totals.needsShipping
          ? { ...(input.shipping ?? input.billing) }
          : null,
        paymentMethod: method.id,
        paymentMethodTitle: method.title,
        customerNote: formText(form, 'order_comments').slice(0, 5000),
      }),
      sessionId,
      method.type ? 'pending' : 'processing',
      input.customerId,
    );
  } catch (error) {
    if (error instanceof ShopError) return failure([error.message]);
    throw error;
  }
  if (!method.type) {
    await deps.cart.empty(sessionId);
    return { result: 'success', redirect: orderReceivedUrl(order), order };
  }
  return withPaymentLock(deps, order, () =>
    payForOrder(deps, order, method, {
      paymentMethodId,
      blikCode: formText(form, 'wc-stripe-blik-code'),
      origin: input.origin,
      sessionId,
      confirmNonce: input.confirmNonce,
    }),
  );
}

/**
 * Takes payment for an unpaid order (at checkout and on the order-pay page; the caller holds the
 * order's payment lock) and says where the browser goes next: the thank-you page, a redirect method's page, or the confirm hash marker
 * that has the browser authenticate a card (seed 001 §2).
 */
export async function payForOrder(
  deps: CheckoutDeps,
  order: Order,
  method: PaymentMethodInfo,
  input: {
    paymentMethodId: string;
    blikCode: string;
    origin: string;
    sessionId: string | null;
    /** The nonce the browser sends back to `wc_stripe_update_order_status` after authenticating. */
    confirmNonce: string;
    /** Where a challenge or redirect method comes back to: the thank-you page unless given. */
    returnUrl?: string;
  },
): Promise<CheckoutResult> {
  const outcome = await payOrder(deps.payments().stripe, order, method, {
    paymentMethodId: input.paymentMethodId,
    returnUrl: new URL(input.returnUrl ?? orderReceivedUrl(order), input.origin).href,
    blikCode: input.blikCode,
  });
  if (outcome.intentId) await deps.orders.setPaymentIntent(order.id, outcome.intentId);
  const settled = await settlePayment(deps.orders, order, outcome);
  if (outcome.kind === 'failed')
    return { result: 'failure', messages: [outcome.message], fieldErrors: [], order: settled };
  if (outcome.kind === 'paid' || outcome.kind === 'on-hold') {
    if (input.sessionId) await deps.cart.empty(input.sessionId);
    return { result: 'success', redirect: orderReceivedUrl(order), order: settled };
  }
  if (outcome.kind === 'redirect')
    return { result: 'success', redirect: outcome.url, order: settled };
  return {
    result: 'success',
    redirect: `#wc-stripe-confirm-pi:${order.id}:${outcome.clientSecret}:${input.confirmNonce}`,
    order: settled,
  };
}

import { newPasswordProblem } from '../accounts/account.ts';
import type { CartView } from '../cart/cart.service.ts';
import type Stripe from 'stripe';
import { availableFor, paymentMethodById } from '../payments/methods.ts';
import { closeIntent } from '../payments/open-intents.ts';
import { outcomeOf } from '../payments/order-payment.ts';
import { settleFromProcessor } from '../payments/settlement.ts';
import { ShopError } from '../platform/errors/shop-error.ts';
import { messages } from '../platform/messages/index.ts';
import type { Session } from '../platform/session/session.ts';
import {
  validateAddress,
  type BillingAddress,
  type FieldError,
} from '../platform/address/address.ts';
import { claimCheckout, releaseCheckout } from './checkout-claim.ts';
import { draftOrder, sameCart, type Order, type OrderDraft } from './order.ts';
import { needsPayment, payStanding, payLocked, standingNotice } from './order-pay-rules.ts';
import {
  destinationOf,
  newPaymentLock,
  orderReceivedUrl,
  refusedPaymentAttempt,
  takePayment,
  whileLocked,
  withPaymentLock,
  type CheckoutDeps,
  type CheckoutResult,
  type PaymentChoice,
  type Visitor,
} from './payment-steps.ts';
import type { PaymentChoiceInput, PayForOrderInput, PlaceOrderInput } from './schemas.ts';

const failure = (texts: string[], fieldErrors: FieldError[] = []): CheckoutResult => ({
  result: 'failure',
  messages: texts,
  fieldErrors,
});

/** The chosen method, checked against the billing country and what the browser made for it. */
export function choosePayment(
  input: Pick<PaymentChoiceInput, 'methodId' | 'paymentMethodId'>,
  order: { total: number; billing: { country: string } },
): PaymentChoice | string {
  if (order.total === 0) return { method: paymentMethodById('cod')!, paymentMethodId: '' };
  const method = paymentMethodById(input.methodId);
  if (!method || !availableFor(method, order.billing.country)) return messages.noPaymentMethod;
  if (method.type && !/^pm_\w+$/.test(input.paymentMethodId)) return messages.cardPaymentNeedsJs;
  return { method, paymentMethodId: input.paymentMethodId };
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

/** The form's own problems: addresses, a new account, terms; empty when there are none. */
async function inputProblems(
  deps: CheckoutDeps,
  input: PlaceOrderInput,
  signUp: boolean,
): Promise<CheckoutResult | undefined> {
  const fieldErrors = [
    ...validateAddress(input.billing, 'billing'),
    ...(input.shipping ? validateAddress(input.shipping, 'shipping') : []),
    ...(signUp ? await accountErrors(deps, input.billing, input.accountPassword) : []),
  ];
  const terms = input.termsAccepted ? [] : [messages.termsRequired];
  if (fieldErrors.length === 0 && terms.length === 0) return undefined;
  return failure([...fieldErrors.map((e) => e.message), ...terms], fieldErrors);
}

/**
 * Places an order from the session's cart: reprice for the address and shipping choice,
 * validate, open the shopper's account when they asked for one (seed 001 §2, §6) and log them
 * in, create the order with its stock in one transaction, take payment, empty the cart. One
 * checkout of a cart runs at a time.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  input: PlaceOrderInput,
  visitor: Visitor,
): Promise<CheckoutResult> {
  const { sessionId } = visitor;
  const current = await deps.cart.read(sessionId);
  if (!sessionId || current.totals.lines.length === 0) return failure([messages.checkoutCartEmpty]);
  const loggedIn = await deps.accounts.customers.customerOfSession(sessionId);
  const rules = await deps.accounts.checkoutRules(loggedIn);
  if (rules.mustLogIn) return failure([messages.mustLogInToCheckout]);
  // The box counts only where it is offered; a shop that requires an account always opens one.
  const signUp =
    rules.createAccount === 'required' || (rules.createAccount !== 'no' && input.createAccount);
  const problems = await inputProblems(deps, input, signUp);
  if (problems) return problems;

  const view = await deps.cart.setCustomer(sessionId, {
    destination: destinationOf(input.shipping ?? input.billing),
    ...(input.shippingRate && { shippingRate: input.shippingRate }),
  });
  if (view.totals.needsShipping && !view.totals.shippingRate)
    return failure([messages.noShippingMethods]);
  const choice = choosePayment(input.payment, {
    total: view.totals.total,
    billing: input.billing,
  });
  if (typeof choice === 'string') return failure([choice]);
  const refused = await refusedPaymentAttempt(deps, choice.method, visitor);
  if (refused) return refused;

  const claim = await claimCheckout(deps.db, deps.server, sessionId);
  if (!claim) {
    // The other submit may have ordered the cart already (no cart, no claim to take).
    if ((await deps.cart.read(sessionId)).totals.lines.length === 0)
      return failure([messages.checkoutCartEmpty]);
    throw new ShopError('checkout_in_progress', messages.checkoutInProgress, 409);
  }
  let session: Session | undefined;
  try {
    // Read again under the claim: a submit at the same moment may have ordered this cart already.
    if ((await deps.cart.read(sessionId)).totals.lines.length === 0)
      return failure([messages.checkoutCartEmpty]);
    let customerId = loggedIn;
    if (signUp) {
      const opened = await deps.accounts.register({
        email: input.billing.email,
        password: input.accountPassword,
        firstName: input.billing.first_name,
        lastName: input.billing.last_name,
      });
      if ('error' in opened) return failure([opened.error]);
      // Logged in from here on, under a new session id that carries the cart (and this claim).
      session = await deps.accounts.startSession(sessionId, opened.customer.id);
      customerId = opened.customer.id;
    }
    const orderSession = session?.id ?? sessionId;
    const result = await createAndPay(deps, orderSession, view, input, {
      origin: visitor.origin,
      confirmNonce: deps.confirmNonce(orderSession),
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

/**
 * Makes the order of this checkout and takes its payment. The session's order awaiting payment
 * (a declined card, a challenge walked away from) is paid again when the cart is the same, under
 * its payment lock: a retry keeps the order's number and mails its failure once. Otherwise, or
 * when that order moved on meanwhile, a new order is placed.
 */
async function createAndPay(
  deps: CheckoutDeps,
  sessionId: string,
  view: CartView,
  input: PlaceOrderInput,
  payment: {
    origin: string;
    confirmNonce: string;
    choice: PaymentChoice;
    customerId: number | null;
  },
): Promise<CheckoutResult> {
  const { method, paymentMethodId } = payment.choice;
  const draft: OrderDraft = {
    ...draftOrder(
      view.totals,
      {
        billing: input.billing,
        shippingAddress: view.totals.needsShipping
          ? { ...(input.shipping ?? input.billing) }
          : null,
        paymentMethod: method.id,
        paymentMethodTitle: method.title,
        customerNote: input.customerNote,
      },
      view.money.currency,
    ),
    attribution: input.attribution,
  };
  const attempt: Attempt = {
    sessionId,
    draft,
    method,
    pay: (order) =>
      takePayment(deps, order, method, {
        paymentMethodId,
        blikCode: input.payment.blikCode,
        origin: payment.origin,
        sessionId,
        confirmNonce: payment.confirmNonce,
      }),
  };
  const placeNew = () => placeNewOrder(deps, attempt, payment.customerId);
  const awaiting = await deps.orders.awaitingPayment(sessionId);
  if (!awaiting || !sameCart(awaiting, draft)) return placeNew();
  return withPaymentLock(
    deps,
    awaiting,
    async () => (await resumeAndPay(deps, awaiting.id, attempt)) ?? placeNew(),
  );
}

/** One checkout's order and how it is paid. */
interface Attempt {
  sessionId: string;
  draft: OrderDraft;
  method: PaymentChoice['method'];
  /** Takes the card or intent payment of the order (the caller holds its payment lock). */
  pay(order: Order): Promise<CheckoutResult>;
}

/**
 * A new order with its stock, created holding the payment lock of the attempt that pays it; a
 * method that takes no payment now (cash on delivery) makes it processing and empties the cart.
 */
async function placeNewOrder(
  deps: CheckoutDeps,
  attempt: Attempt,
  customerId: number | null,
): Promise<CheckoutResult> {
  const holder = deps.server.startAttempt();
  try {
    const lock = attempt.method.type ? newPaymentLock(holder) : undefined;
    let order: Order;
    try {
      order = await deps.orders.create(
        attempt.draft,
        attempt.sessionId,
        lock ? 'pending' : 'processing',
        customerId,
        lock,
      );
    } catch (error) {
      if (error instanceof ShopError) return failure([error.message]);
      throw error;
    }
    if (!lock) {
      await deps.cart.empty(attempt.sessionId);
      return { result: 'success', redirect: orderReceivedUrl(order), order };
    }
    return await whileLocked(deps.db, order.id, lock.until, () => attempt.pay(order));
  } finally {
    deps.server.finish(holder);
  }
}

/**
 * Pays the session's order awaiting payment again (its payment lock held). Its earlier intent is
 * closed at the processor first, so it cannot take money beside the new one; one that went
 * through meanwhile settles the order instead, which is not charged again. Then the order takes
 * the checkout's details and lines (and its stock again, when it had failed). Undefined when the
 * order is no longer unpaid: the checkout places a new one.
 */
async function resumeAndPay(
  deps: CheckoutDeps,
  orderId: number,
  attempt: Attempt,
): Promise<CheckoutResult | undefined> {
  const current = await deps.orders.find(orderId);
  if (!current || !needsPayment(current.status)) return undefined;
  const earlier = current.paymentIntentId;
  if (earlier?.startsWith('pi_')) {
    const stripe = deps.payments().stripe;
    let intent: Stripe.PaymentIntent | undefined;
    try {
      intent = await closeIntent(stripe, await stripe.paymentIntents.retrieve(earlier));
    } catch (error) {
      // An intent the processor does not know can take nothing; any other silence refuses.
      if ((error as { statusCode?: number }).statusCode !== 404)
        return failure([messages.unableToProcess]);
    }
    const went = intent && outcomeOf(intent).kind;
    if (went === 'paid' || went === 'on-hold') {
      const settled = (await settleFromProcessor(deps.orders, stripe, earlier))?.order ?? current;
      if (!needsPayment(settled.status))
        return { result: 'success', redirect: orderReceivedUrl(settled), order: settled };
    }
  }
  let resumed: Order | undefined;
  try {
    resumed = await deps.orders.resume(orderId, attempt.draft);
  } catch (error) {
    if (error instanceof ShopError) return failure([error.message]);
    throw error;
  }
  if (!resumed) return undefined;
  if (attempt.method.type) return attempt.pay(resumed);
  await deps.orders.acceptOffline(orderId);
  await deps.cart.empty(attempt.sessionId);
  const accepted = (await deps.orders.find(orderId)) ?? resumed;
  return { result: 'success', redirect: orderReceivedUrl(accepted), order: accepted };
}

/**
 * Pays for an existing order (WooCommerce's `pay_action`): an order that needs no payment sends
 * the shopper to its thank-you page without a charge; otherwise terms, method and billing
 * country are checked, a payment that takes a card or makes an intent counts against the
 * card-testing limit, and the attempt runs under the order's payment lock, so a double submit
 * charges once. Card challenges and redirect methods come back to the order-pay page.
 */
export async function payForOrder(
  deps: CheckoutDeps,
  order: Order,
  input: PayForOrderInput,
  visitor: Visitor,
): Promise<CheckoutResult> {
  const standing = payStanding(order.status);
  if (standing === 'paid' || standing === 'awaiting')
    return { result: 'success', redirect: orderReceivedUrl(order), order };
  const refusal = (text: string): CheckoutResult => ({ ...failure([text]), order });
  if (standing === 'cancelled') return refusal(standingNotice(order));
  if (!input.termsAccepted) return refusal(messages.termsRequired);
  const choice = choosePayment(input.payment, order);
  if (typeof choice === 'string') return refusal(choice);
  const refused = await refusedPaymentAttempt(deps, choice.method, visitor);
  if (refused) return { ...refused, order };
  return withPaymentLock(deps, order, () =>
    payLocked(deps, order, choice, {
      origin: visitor.origin,
      confirmNonce: deps.confirmNonce(visitor.sessionId ?? ''),
      sessionId: visitor.sessionId ?? null,
      blikCode: input.payment.blikCode,
    }),
  );
}

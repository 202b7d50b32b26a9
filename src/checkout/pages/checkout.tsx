import type { PageActionArgs, PageLoaderArgs } from '../../page-context.ts';
import { useEffect, useRef, useState } from 'react';
import { data, redirect, type MetaFunction } from 'react-router';
import { logoutUrl, safeRedirect } from '../../accounts/account.ts';
import { LOGIN_NONCE, LOGIN_NONCE_FIELD, LOGOUT_NONCE } from '../../accounts/nonces.ts';
import { APPLY_COUPON_NONCE, REMOVE_COUPON_NONCE } from '../../cart/nonces.ts';
import { minor, type StoreCart } from '../../cart/store-api.types.ts';
import { EmptyCart } from '../../cart/ui/cart-totals.tsx';
import { STRIPE_NONCES } from '../../payments/nonces.ts';
import { postForm, wcAjaxUrl } from '../../platform/http/client.ts';
import { formFields } from '../../platform/http/form-fields.ts';
import { format, messages } from '../../platform/messages/index.ts';
import type { Notice } from '../../platform/session/session.ts';
import { TermsAgreement } from '../ui/terms-agreement.tsx';
import { OrderAttributionInputs } from '../../content/ui/order-attribution.tsx';
import { Notices, ownNoticesHandle, useWaitingNotices } from '../../ui/notices.tsx';
import { BlockingOverlay } from '../../ui/overlay.tsx';
import type { FieldError } from '../../platform/address/address.ts';
import { defaultCountry } from '../../platform/address/countries.ts';
import { CHECKOUT_NONCE, UPDATE_ORDER_REVIEW_NONCE } from '../nonces.ts';
import { payPageHeaders, refusalHttp, visitorOf } from '../checkout-answers.ts';
import { placeOrder } from '../operations.ts';
import { checkoutForm } from '../schemas.ts';
import { AddressFields, revalidateAddressFields } from '../../ui/address-fields.tsx';
import searchableSelectStyles from '../../ui/searchable-select.css?url';
import { parseConfirmMarker } from '../ui/browser-payment.ts';
import { CheckoutCoupon } from '../ui/checkout-coupon.tsx';
import { CheckoutLogin } from '../ui/checkout-login.tsx';
import { CreateAccountFields } from '../ui/create-account-fields.tsx';
import { OrderReview } from '../ui/order-review.tsx';
import {
  createOrderReviewUpdater,
  repairCheckoutJson,
  type OrderReviewUpdater,
} from '../ui/order-review-updater.ts';
import { PaymentChooser, usePaymentChooser } from '../ui/payment-chooser.tsx';
import { orderReviewPayload, requiredAddressFilled } from '../ui/order-review-payload.ts';
import { stylesheetLink } from '../../ui/stylesheet-link.ts';

export const links = () => [stylesheetLink(searchableSelectStyles)];

export const meta: MetaFunction = () => [
  { title: `${messages.checkoutTitle} – ${messages.shopName}` },
];
export const headers = payPageHeaders;
export const handle = ownNoticesHandle;

/**
 * What the checkout shows about accounts: the login reminder or who is logged in (with the way
 * out), the account fields the shop allows, and a logged-in customer's starting values.
 */
async function accountView(context: PageLoaderArgs['context'], url: URL) {
  const { shop, session } = context;
  const customer = session?.customerId
    ? await shop.accounts.customers.findById(session.customerId)
    : undefined;
  return {
    email: customer?.email ?? null,
    rules: await shop.accounts.checkoutRules(customer ? customer.id : null),
    prefill: customer ? await shop.accounts.prefill(customer) : {},
    loginOpen: url.searchParams.get('login') === '1',
    logoutUrl: customer ? logoutUrl(context.nonce(LOGOUT_NONCE), '/checkout/') : null,
  };
}

export async function loader({ request, context }: PageLoaderArgs) {
  const { shop, session } = context;
  const view = await shop.cart.read(session?.id);
  return {
    cart: view.store,
    country: view.totals.destination?.country ?? defaultCountry,
    nonces: {
      checkout: context.nonce(CHECKOUT_NONCE),
      updateOrderReview: context.nonce(UPDATE_ORDER_REVIEW_NONCE),
      applyCoupon: context.nonce(APPLY_COUPON_NONCE),
      removeCoupon: context.nonce(REMOVE_COUPON_NONCE),
      updateOrderStatus: context.nonce(STRIPE_NONCES.updateOrderStatus),
      updateFailedOrder: context.nonce(STRIPE_NONCES.updateFailedOrder),
      createPaymentIntent: context.nonce(STRIPE_NONCES.createPaymentIntent),
      updatePaymentIntent: context.nonce(STRIPE_NONCES.updatePaymentIntent),
      initSetupIntent: context.nonce(STRIPE_NONCES.initSetupIntent),
      login: context.nonce(LOGIN_NONCE),
    },
    publishableKey: shop.payments.publishableKey,
    account: await accountView(context, new URL(request.url)),
  };
}

interface ActionData {
  errors: string[];
  fieldErrors: FieldError[];
  values: Record<string, string>;
  /** A refused login without JavaScript: the form stays open with the name typed. */
  login?: { username: string };
}

/** The form's values to show again: never a password. */
function withoutPasswords(form: Record<string, string>): Record<string, string> {
  const { account_password: _password, password: _login, ...rest } = form;
  return rest;
}

/** The login form without JavaScript: logged in, back to the checkout; refused, notices. */
async function loginAction(
  form: Record<string, string>,
  context: PageActionArgs['context'],
): Promise<ActionData | Response> {
  const { shop, session } = context;
  const username = form.username ?? '';
  const refuse = (texts: string[]): ActionData => ({
    errors: texts,
    fieldErrors: [],
    values: {},
    login: { username },
  });
  if (!(await context.request.verifyNonce(LOGIN_NONCE, form[LOGIN_NONCE_FIELD])))
    return refuse([messages.invalidNonce]);
  const outcome = await shop.accounts.logInSession(session?.id, {
    username,
    password: form.password ?? '',
    ip: context.clientIp ?? '',
  });
  if (!outcome.ok) return refuse([...new Set(Object.values(outcome.errors))]);
  context.request.handOver(outcome.session);
  return redirect(safeRedirect(form.redirect, '/checkout/'), 303);
}

/** The no-JavaScript checkout: the form posts here and lands on the order-received page. */
export async function action({ request, context }: PageActionArgs) {
  const form = await formFields(request);
  if (LOGIN_NONCE_FIELD in form) return loginAction(form, context);
  const refuse = (errors: string[], fieldErrors: FieldError[] = [], init?: ResponseInit) =>
    data<ActionData>({ errors, fieldErrors, values: withoutPasswords(form) }, init);
  const nonce = form['woocommerce-process-checkout-nonce'];
  if (!(await context.request.verifyNonce(CHECKOUT_NONCE, nonce)))
    return refuse([messages.invalidNonce]);
  const input = checkoutForm.safeParse(form);
  if (!input.success) return refuse([messages.checkoutGenericError], [], { status: 400 });
  const visitor = await visitorOf(context.request);
  const result = await placeOrder(context.shop.checkoutDeps, input.data, visitor);
  // Signing up logged the shopper in under a new session id: the browser gets its cookie.
  if (result.session) context.request.handOver(result.session);
  // The errors wait in the new session; the reloaded checkout shows them.
  if (result.result === 'failure' && result.reload) return redirect('/checkout/', 303);
  if (result.result === 'failure')
    return refuse(result.messages, result.fieldErrors, refusalHttp(result));
  const current = result.session?.id ?? visitor.sessionId;
  if (current) context.cartChanged(await context.shop.cart.read(current));
  return redirect(result.redirect, 303);
}

interface CheckoutAnswer {
  result?: 'success' | 'failure';
  redirect?: string;
  errors?: string[];
  field_errors?: FieldError[];
  message?: string;
  reload?: boolean;
}

interface ReviewAnswer {
  result?: string;
  reload?: boolean;
  cart?: StoreCart;
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

function errorNotices(texts: string[]): Notice[] {
  return texts.map((text) => ({ type: 'error', text }));
}

/** The classic checkout (seed 001 §2-§5). */
export default function CheckoutPage({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: ActionData;
}) {
  const { nonces, publishableKey, account } = loaderData;
  const values = actionData?.values ?? account.prefill;
  const [cart, setCart] = useState(loaderData.cart);
  const [hydrated, setHydrated] = useState(false);
  const [country, setCountry] = useState(values.billing_country ?? loaderData.country);
  const [shipElsewhere, setShipElsewhere] = useState(values.ship_to_different_address === '1');
  const [updating, setUpdating] = useState(false);
  const waiting = useWaitingNotices();
  const [notices, setNotices] = useState<Notice[]>(() => [
    ...waiting,
    ...errorNotices(actionData?.errors ?? []),
  ]);
  const fieldErrors = actionData?.fieldErrors ?? [];
  const formRef = useRef<HTMLFormElement>(null);
  const updater = useRef<OrderReviewUpdater | null>(null);

  const payment = usePaymentChooser({
    country,
    initialMethod: values.payment_method ?? 'stripe',
    publishableKey,
    nonces,
    onError(texts) {
      setNotices(errorNotices(texts));
      if (formRef.current) revalidateAddressFields(formRef.current);
      document.body.dispatchEvent(new CustomEvent('checkout_error', { detail: texts }));
    },
  });

  useEffect(() => {
    setHydrated(true);
    const form = formRef.current!;
    // Ticked before the page's JavaScript came: stays ticked once React holds the box.
    const elsewhere = form.querySelector<HTMLInputElement>('#ship-to-different-address-checkbox');
    if (elsewhere && elsewhere.checked !== shipElsewhere) setShipElsewhere(elsewhere.checked);
    updater.current = createOrderReviewUpdater({
      ready: () => requiredAddressFilled(form),
      run: async (signal) => {
        setUpdating(true);
        try {
          const answer = await postForm<ReviewAnswer>(
            wcAjaxUrl('update_order_review'),
            orderReviewPayload(form, nonces.updateOrderReview),
            { signal },
          );
          if (answer.data?.reload) window.location.reload();
          else if (answer.data?.cart) setCart(answer.data.cart);
        } catch {
          // Aborted by a newer update, or offline: the next change asks again.
        } finally {
          if (!signal.aborted) setUpdating(false);
        }
      },
    });
    updater.current.update();
    return () => updater.current?.dispose();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (cart.items.length === 0) return <EmptyCart title={messages.checkoutTitle} />;
  const login = account.rules.loginReminder && (
    <CheckoutLogin
      nonce={nonces.login}
      hydrated={hydrated}
      initiallyOpen={
        account.loginOpen || account.rules.mustLogIn || actionData?.login !== undefined
      }
      username={actionData?.login?.username ?? ''}
    />
  );
  // Seed 001 §6: neither guests nor new accounts may check out, so the login form is all there is.
  if (account.rules.mustLogIn)
    return (
      <div className="checkout-page">
        <h1>{messages.checkoutTitle}</h1>
        <Notices notices={notices} scrollIntoView />
        <p className="woocommerce-info must-log-in">{messages.mustLogInToCheckout}</p>
        {login}
      </div>
    );
  const refresh = () => updater.current?.update();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const prepared = await payment.begin(form, minor(cart.totals.total_price));
    if (!prepared) return;
    for (const [name, value] of Object.entries(prepared)) form.set(name, value);
    try {
      const answer = await postForm<CheckoutAnswer>(
        wcAjaxUrl('checkout'),
        new URLSearchParams(form as unknown as Record<string, string>),
        { read: repairCheckoutJson },
      );
      const data = answer.data ?? {};
      // Signed up and logged in, then refused: this page's nonces are the old session's.
      if (data.result === 'failure' && data.reload) return window.location.reload();
      if (data.result === 'success' && data.redirect) {
        const marker = parseConfirmMarker(data.redirect);
        if (marker) return void payment.confirm(marker);
        window.location.assign(data.redirect);
        return;
      }
      payment.fail(data.errors ?? (data.message ? [data.message] : []));
    } catch {
      payment.fail([messages.checkoutGenericError]);
    }
  }

  /** Seed 001 §3: remove sends security and coupon; the notice answers, then the review refreshes. */
  async function removeCoupon(code: string) {
    const answer = await postForm<string>(
      wcAjaxUrl('remove_coupon'),
      { security: nonces.removeCoupon, coupon: code },
      { read: (text) => text },
    ).catch(() => null);
    if (answer?.ok) setNotices([{ type: 'success', text: messages.couponRemoved }]);
    updater.current?.update({ force: true });
  }

  const onAddressKey = (event: React.KeyboardEvent) => updater.current?.typed(event.key);

  return (
    <div className="checkout-page">
      <h1>{messages.checkoutTitle}</h1>
      <Notices notices={notices} scrollIntoView />
      {login}
      {account.email && account.logoutUrl && (
        <p className="woocommerce-info logged-in-as">
          {format(messages.loggedInAs, { email: account.email })}{' '}
          <a href={account.logoutUrl}>{messages.logOut}</a>
        </p>
      )}
      {hydrated && (
        <CheckoutCoupon
          nonce={nonces.applyCoupon}
          billingEmail={() =>
            String(new FormData(formRef.current ?? undefined).get('billing_email') ?? '')
          }
          onApplied={(text) => {
            setNotices([{ type: 'success', text }]);
            updater.current?.update({ force: true });
          }}
        />
      )}
      <form
        ref={formRef}
        method="post"
        className={`checkout woocommerce-checkout${payment.processing ? ' processing' : ''}`}
        onSubmit={hydrated ? onSubmit : undefined}
        aria-busy={payment.processing || undefined}
        noValidate={hydrated}
      >
        <input type="hidden" name="woocommerce-process-checkout-nonce" value={nonces.checkout} />
        <OrderAttributionInputs />
        <div className="checkout-layout">
          <div className="checkout-customer" onKeyDown={onAddressKey}>
            <AddressFields
              kind="billing"
              values={{ billing_country: country, ...values }}
              errors={fieldErrors}
              onCountryChange={(next) => {
                setCountry(next);
                refresh();
              }}
              onAddressInput={(event) => {
                if (event.type === 'change') refresh();
              }}
            />
            {account.rules.createAccount !== 'no' && (
              <CreateAccountFields
                mode={account.rules.createAccount}
                checked={values.createaccount === '1'}
                errors={fieldErrors}
              />
            )}
            {cart.needs_shipping && (
              <div className="woocommerce-shipping-fields">
                <p className="form-row form-row-wide ship-to-different-address">
                  <input
                    id="ship-to-different-address-checkbox"
                    type="checkbox"
                    name="ship_to_different_address"
                    value="1"
                    checked={shipElsewhere}
                    onChange={(event) => {
                      setShipElsewhere(event.target.checked);
                      refresh();
                    }}
                  />
                  <label htmlFor="ship-to-different-address-checkbox">
                    {messages.shipToDifferentAddress}
                  </label>
                </p>
                {shipElsewhere && (
                  <AddressFields
                    kind="shipping"
                    values={values}
                    errors={fieldErrors}
                    onCountryChange={refresh}
                    onAddressInput={(event) => {
                      if (event.type === 'change') refresh();
                    }}
                  />
                )}
              </div>
            )}
            <p className="form-row form-row-wide">
              <label htmlFor="order_comments">
                {messages.orderNotes} <span className="optional">{messages.fieldOptional}</span>
              </label>
              <textarea
                id="order_comments"
                name="order_comments"
                rows={3}
                className="input-text"
                placeholder={messages.orderNotesPlaceholder}
                defaultValue={values.order_comments ?? ''}
              />
            </p>
          </div>
          <div className="checkout-review" aria-busy={updating || undefined}>
            <h2 id="order_review_heading">{messages.yourOrder}</h2>
            <div className="review-wrapper">
              <OrderReview
                cart={cart}
                onChooseShipping={refresh}
                onRemoveCoupon={(code) => void removeCoupon(code)}
                disabled={payment.processing}
              />
              <BlockingOverlay active={updating && !payment.processing} />
            </div>
            {minor(cart.totals.total_tax) > 0 && (
              <p className="woocommerce-info final-taxes">{messages.finalTaxesNote}</p>
            )}
            {minor(cart.totals.total_price) > 0 && (
              <PaymentChooser chooser={payment} hydrated={hydrated} onChoose={refresh} />
            )}
            <TermsAgreement />
            <button
              type="submit"
              className="button button-primary button-large"
              id="place_order"
              name="woocommerce_checkout_place_order"
              value={messages.placeOrder}
              disabled={payment.processing}
            >
              {messages.placeOrder}
            </button>
          </div>
        </div>
      </form>
      <BlockingOverlay active={payment.processing} fullPage />
    </div>
  );
}

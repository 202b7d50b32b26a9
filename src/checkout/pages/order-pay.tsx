import type { PageActionArgs, PageLoaderArgs } from '../../page-context.ts';
import { useEffect, useRef, useState } from 'react';
import { data, redirect, type MetaFunction } from 'react-router';
import { STRIPE_NONCES } from '../../payments/nonces.ts';
import { formFields } from '../../platform/http/form-fields.ts';
import type { Notice } from '../../platform/session/session.ts';
import { messages } from '../../platform/messages/index.ts';
import { BlockingOverlay } from '../../ui/overlay.tsx';
import type { Order } from '../order.ts';
import {
  defaultMethodFor,
  finishOrderPayReturn,
  orderIdParam,
  payStanding,
  standingNotice,
} from '../order-pay-rules.ts';
import { ORDER_PAY_NONCE } from '../nonces.ts';
import { payPageHeaders, refusalHttp, visitorOf } from '../checkout-answers.ts';
import { payForOrder } from '../operations.ts';
import { orderPayUrl, orderReceivedUrl } from '../payment-steps.ts';
import { orderPayForm } from '../schemas.ts';
import { TermsAgreement } from '../ui/terms-agreement.tsx';
import { Notices, ownNoticesHandle, useWaitingNotices } from '../../ui/notices.tsx';
import { OrderPayTable } from '../ui/order-pay-table.tsx';
import { PaymentChooser, usePaymentChooser } from '../ui/payment-chooser.tsx';

export const meta: MetaFunction = () => [
  { title: `${messages.payForOrder} – ${messages.shopName}` },
];
export const headers = payPageHeaders;
export const handle = ownNoticesHandle;

/** The order named by the URL, only with its key: otherwise nothing about it is told. */
async function orderOf(
  context: PageLoaderArgs['context'],
  orderId: string | undefined,
  request: Request,
): Promise<Order | undefined> {
  const id = orderIdParam(orderId);
  const key = new URL(request.url).searchParams.get('key') ?? '';
  if (id === null || key === '') return undefined;
  return context.shop.orders.findWithKey(id, key);
}

const invalid = () => data({ view: 'invalid' as const }, { status: 404 });

function pageData(context: PageLoaderArgs['context'], order: Order, errors: string[]) {
  const standing = payStanding(order.status);
  if (standing !== 'payable') {
    return {
      view: 'notice' as const,
      id: order.id,
      notice: standingNotice(order),
      kind: standing,
      receivedUrl: standing === 'cancelled' ? null : orderReceivedUrl(order),
    };
  }
  return {
    view: 'pay' as const,
    id: order.id,
    payUrl: orderPayUrl(order),
    summary: {
      lines: order.lines.map(({ name, quantity, total }) => ({ name, quantity, total })),
      subtotal: order.subtotal,
      discountTotal: order.discountTotal,
      coupons: order.coupons,
      shippingTotal: order.shippingTotal,
      shippingMethod: order.shippingMethod?.title ?? null,
      taxTotal: order.taxTotal,
      total: order.total,
      currency: order.currency,
    },
    billing: order.billing,
    defaultMethod: defaultMethodFor(order),
    errors,
    nonces: {
      pay: context.nonce(ORDER_PAY_NONCE),
      updateOrderStatus: context.nonce(STRIPE_NONCES.updateOrderStatus),
      updateFailedOrder: context.nonce(STRIPE_NONCES.updateFailedOrder),
      createPaymentIntent: context.nonce(STRIPE_NONCES.createPaymentIntent),
      updatePaymentIntent: context.nonce(STRIPE_NONCES.updatePaymentIntent),
      initSetupIntent: context.nonce(STRIPE_NONCES.initSetupIntent),
    },
    publishableKey: context.shop.payments.publishableKey,
  };
}

/**
 * The order-pay page (CONTRACT §1). Coming back from a card challenge or a redirect method
 * (`payment_intent` in the URL) settles the order first: paid goes on to the thank-you page, a
 * failure shows here and the order can be paid again.
 */
export async function loader({ params, request, context }: PageLoaderArgs) {
  const found = await orderOf(context, params.orderId, request);
  if (!found) return invalid();
  const intentId = new URL(request.url).searchParams.get('payment_intent');
  if (!intentId) return pageData(context, found, []);
  const back = await finishOrderPayReturn(context.shop.checkoutDeps, found, intentId);
  const { session, shop } = context;
  if (back.kind === 'paid') {
    if (session && session.id === back.order.sessionId) {
      await shop.cart.empty(session.id);
      context.cartChanged(await shop.cart.read(session.id));
    }
    throw redirect(back.redirect, 303);
  }
  return pageData(context, back.order, back.kind === 'failed' ? [back.message] : []);
}

interface ActionData {
  errors: string[];
  paymentMethod: string;
}

/**
 * The pay form posts here, with or without JavaScript (WooCommerce's `pay_action`): success goes
 * on to the thank-you page, a card challenge comes back to this page with the confirm marker,
 * a redirect method leaves for its page; a refusal shows here.
 */
export async function action({ params, request, context }: PageActionArgs) {
  const form = await formFields(request);
  const refuse = (errors: string[], init?: ResponseInit) =>
    data<ActionData>({ errors, paymentMethod: form.payment_method ?? '' }, init);
  const order = await orderOf(context, params.orderId, request);
  if (!order) return refuse([], { status: 404 });
  if (!(await context.request.verifyNonce(ORDER_PAY_NONCE, form['woocommerce-pay-nonce'])))
    return refuse([messages.invalidNonce], { status: 403 });
  const input = orderPayForm.safeParse(form);
  if (!input.success) return refuse([messages.checkoutGenericError], { status: 400 });
  const { shop, session } = context;
  const visitor = await visitorOf(context.request);
  const result = await payForOrder(shop.checkoutDeps, order, input.data, visitor);
  // A refusal shows here: 429 over the card-testing limit, 409 while another attempt pays.
  if (result.result === 'failure') return refuse(result.messages, refusalHttp(result));
  if (session && session.id === order.sessionId)
    context.cartChanged(await shop.cart.read(session.id));
  const challenge = result.redirect.startsWith('#');
  return redirect(challenge ? orderPayUrl(order) + result.redirect : result.redirect, 303);
}

type LoaderData = { view: 'invalid' } | ReturnType<typeof pageData>;
type PayData = Extract<LoaderData, { view: 'pay' }>;

function InvalidOrder() {
  return (
    <div className="order-pay-page">
      <h1>{messages.payForOrder}</h1>
      <Notices
        notices={[...useWaitingNotices(), { type: 'error', text: messages.orderNotFound }]}
      />
      <p>
        <a className="button" href="/shop/">
          {messages.returnToShop}
        </a>
      </p>
    </div>
  );
}

function OrderNotPayable({ data: order }: { data: Extract<LoaderData, { view: 'notice' }> }) {
  return (
    <div className="order-pay-page">
      <h1>{messages.payForOrder}</h1>
      <Notices notices={useWaitingNotices()} />
      <div
        className={`notice ${order.kind === 'cancelled' ? 'notice-error' : 'notice-info'} order-pay-standing`}
        role="status"
      >
        <span>{order.notice}</span>
        {order.receivedUrl && (
          <a className="button notice-link" href={order.receivedUrl}>
            {messages.orderPayViewOrder}
          </a>
        )}
      </div>
      {!order.receivedUrl && (
        <p>
          <a className="button" href="/shop/">
            {messages.returnToShop}
          </a>
        </p>
      )}
    </div>
  );
}

function errorsAsNotices(texts: string[]): Notice[] {
  return texts.map((text) => ({ type: 'error', text }));
}

/** The pay form: the order's table, its billing country's methods, terms and `Pay for order`. */
function OrderPayForm({ order, actionData }: { order: PayData; actionData?: ActionData }) {
  const [hydrated, setHydrated] = useState(false);
  const waiting = useWaitingNotices();
  // The visitor's waiting notices and the post's errors, until a payment's errors replace them.
  const [notices, setNotices] = useState<Notice[]>(() => [
    ...waiting,
    ...errorsAsNotices([...order.errors, ...(actionData?.errors ?? [])]),
  ]);
  const paymentMethodRef = useRef<HTMLInputElement>(null);
  const payment = usePaymentChooser({
    country: order.billing.country,
    initialMethod: actionData?.paymentMethod || order.defaultMethod,
    publishableKey: order.publishableKey,
    nonces: order.nonces,
    orderId: order.id,
    onError: (texts) => setNotices(errorsAsNotices(texts)),
  });
  useEffect(() => setHydrated(true), []);

  /** The deferred-intent step (seed 001 §4), then the form posts as it would without JavaScript. */
  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    for (const [name, value] of Object.entries(order.billing))
      fields.set(`billing_${name}`, String(value ?? ''));
    const prepared = await payment.begin(fields, order.summary.total);
    if (!prepared) return;
    paymentMethodRef.current!.value = prepared['wc-stripe-payment-method'] ?? '';
    form.submit();
  }

  return (
    <div className="order-pay-page">
      <h1>{messages.payForOrder}</h1>
      <Notices notices={notices} scrollIntoView />
      <form
        method="post"
        action={order.payUrl}
        id="order_review"
        className={`order-pay-form${payment.processing ? ' processing' : ''}`}
        onSubmit={hydrated ? onSubmit : undefined}
        aria-busy={payment.processing || undefined}
      >
        <input type="hidden" name="woocommerce-pay-nonce" value={order.nonces.pay} />
        <input type="hidden" name="woocommerce_pay" value="1" />
        <input
          ref={paymentMethodRef}
          type="hidden"
          name="wc-stripe-payment-method"
          defaultValue=""
        />
        <div className="order-pay-layout">
          <section className="order-pay-summary" aria-labelledby="order-pay-heading">
            <h2 id="order-pay-heading">
              {messages.orderPayNumber} <span className="order-pay-number">{order.id}</span>
            </h2>
            <OrderPayTable order={order.summary} />
          </section>
          <div className="checkout-review order-pay-payment">
            {order.summary.total > 0 && <PaymentChooser chooser={payment} hydrated={hydrated} />}
            <TermsAgreement />
            <button
              type="submit"
              className="button button-primary button-large"
              id="place_order"
              value={messages.payForOrder}
              disabled={payment.processing}
            >
              {messages.payForOrder}
            </button>
          </div>
        </div>
      </form>
      <BlockingOverlay active={payment.processing} fullPage />
    </div>
  );
}

export default function OrderPayPage({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: ActionData;
}) {
  if (loaderData.view === 'invalid') return <InvalidOrder />;
  if (loaderData.view === 'notice') return <OrderNotPayable data={loaderData} />;
  return <OrderPayForm order={loaderData} actionData={actionData} />;
}

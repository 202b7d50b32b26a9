import type { PageLoaderArgs } from '../../page-context.ts';
import { formatDate } from '../../ui/dates.ts';
import { data, type MetaFunction } from 'react-router';
import { messages } from '../../platform/messages/index.ts';
import { useFormatMoney } from '../../ui/money.tsx';
import { statusName } from '../order.ts';
import { orderPayUrl } from '../payment-steps.ts';
import { orderIdParam } from '../order-pay-rules.ts';
import { OrderAddresses, OrderDetails, orderAddresses } from '../ui/order-details.tsx';

export const meta: MetaFunction = () => [
  { title: `${messages.orderReceivedTitle} – ${messages.shopName}` },
];
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ params, url, context }: PageLoaderArgs) {
  const key = url.searchParams.get('key') ?? '';
  const id = orderIdParam(params.orderId);
  // A return with `payment_intent` was settled before the page rendered (handleRedirectReturn).
  const order = id === null ? undefined : await context.shop.orders.findWithKey(id, key);
  if (!order) throw data(null, { status: 404 });
  return {
    shippingTotal: order.shippingTotal,
    taxTotal: order.taxTotal,
    shippingMethod: order.shippingMethod?.title ?? null,
    voucher: order.voucher,
    id: order.id,
    payUrl: orderPayUrl(order),
    status: order.status,
    createdAt: order.createdAt,
    email: order.billing.email,
    addresses: orderAddresses(order),
    customerNote: order.customerNote,
    total: order.total,
    subtotal: order.subtotal,
    discountTotal: order.discountTotal,
    paymentMethodTitle: order.paymentMethodTitle,
    lines: order.lines,
    currency: order.currency,
  };
}

export default function OrderReceived({
  loaderData: order,
}: {
  loaderData: Awaited<ReturnType<typeof loader>>;
}) {
  const formatMoney = useFormatMoney(order.currency);
  return (
    <div className="order-received">
      <h1>{messages.orderReceivedTitle}</h1>
      {order.status === 'failed' ? (
        <div className="notice notice-error order-failed" role="alert">
          <span>{messages.paymentFailed}</span>
          <a className="button notice-link" href={order.payUrl}>
            {messages.payForThisOrder}
          </a>
        </div>
      ) : (
        <p className="notice notice-success woocommerce-thankyou-order-received">
          {messages.orderReceived}
        </p>
      )}
      {order.voucher && order.status === 'on-hold' && (
        <section className="voucher notice notice-info" aria-labelledby="voucher-heading">
          <h2 id="voucher-heading">{messages.voucherHeading}</h2>
          <p>
            {messages.voucherNumber}:{' '}
            <strong className="voucher-number">{order.voucher.number}</strong>
          </p>
          {order.voucher.expiresAt && (
            <p>
              {messages.voucherExpires}: <strong>{formatDate(order.voucher.expiresAt)}</strong>
            </p>
          )}
          {order.voucher.url && (
            <p>
              <a className="button" href={order.voucher.url}>
                {messages.voucherOpen}
              </a>
            </p>
          )}
        </section>
      )}
      <ul className="order-overview">
        <li>
          {messages.overviewOrderNumber} <strong>{order.id}</strong>
        </li>
        <li>
          {messages.overviewDate} <strong>{formatDate(order.createdAt)}</strong>
        </li>
        <li>
          {messages.overviewEmail} <strong>{order.email}</strong>
        </li>
        <li>
          {messages.overviewTotal} <strong>{formatMoney(order.total)}</strong>
        </li>
        <li>
          {messages.overviewPaymentMethod} <strong>{order.paymentMethodTitle}</strong>
        </li>
        <li>
          {messages.overviewStatus}{' '}
          <strong className={`order-status status-${order.status}`}>
            {statusName(order.status)}
          </strong>
        </li>
      </ul>
      <OrderDetails order={order} heading="h2" />
      <OrderAddresses addresses={order.addresses} heading="h2" />
    </div>
  );
}

import type { PageLoaderArgs } from '../../page-context.ts';
import { data, type MetaFunction } from 'react-router';
import { statusName } from '../order.ts';
import { needsPayment } from '../order-pay-rules.ts';
import { orderIdParam } from '../order-pay-rules.ts';
import { orderPayUrl } from '../payment-steps.ts';
import { format, messages } from '../../platform/messages/index.ts';
import { formatDate } from '../../ui/dates.ts';
import { formatNodes } from '../../accounts/ui/format-nodes.tsx';
import { privatePage } from '../../accounts/pages/page-answers.ts';
import { OrderAddresses, OrderDetails, orderAddresses } from '../ui/order-details.tsx';

export const meta: MetaFunction<typeof loader> = ({ loaderData }) => [
  {
    title: `${loaderData ? format(messages.orderNumber, { id: loaderData.id }) : messages.orders} – ${messages.myAccount} – ${messages.shopName}`,
  },
];
export const headers = privatePage;

/** `/my-account/view-order/{id}/`: one of the customer's own orders (anyone else's is not found). */
export async function loader({ context, params }: PageLoaderArgs) {
  const customer = await context.shop.accounts.customerOf(context.session);
  if (!customer) return null;
  const id = orderIdParam(params.orderId);
  const order = id === null ? undefined : await context.shop.orders.find(id);
  if (!order || order.customerId !== customer.id) throw data(null, { status: 404 });
  return {
    id: order.id,
    status: order.status,
    createdAt: order.createdAt,
    payUrl: needsPayment(order.status) ? orderPayUrl(order) : null,
    currency: order.currency,
    lines: order.lines.map(({ name, quantity, total }) => ({ name, quantity, total })),
    subtotal: order.subtotal,
    discountTotal: order.discountTotal,
    shippingTotal: order.shippingTotal,
    shippingMethod: order.shippingMethod?.title ?? null,
    taxTotal: order.taxTotal,
    total: order.total,
    paymentMethodTitle: order.paymentMethodTitle,
    customerNote: order.customerNote,
    addresses: orderAddresses(order),
  };
}

export default function ViewOrder({
  loaderData: order,
}: {
  loaderData: Awaited<ReturnType<typeof loader>>;
}) {
  if (!order) return null;
  return (
    <div className="view-order">
      <h2>{format(messages.orderNumber, { id: order.id })}</h2>
      <p>
        {formatNodes(messages.orderPlacedOn, {
          id: <mark className="order-number">{order.id}</mark>,
          date: <mark className="order-date">{formatDate(order.createdAt)}</mark>,
          status: <mark className="order-status">{statusName(order.status)}</mark>,
        })}
      </p>
      {order.payUrl && (
        <div
          className={`notice ${order.status === 'failed' ? 'notice-error' : ''} order-needs-payment`}
        >
          <span>
            {order.status === 'failed' ? messages.orderPaymentFailed : messages.orderNeedsPayment}
          </span>
          <a
            className="button button-primary notice-link"
            href={order.payUrl}
            aria-label={format(messages.payOrder, { id: order.id })}
          >
            {messages.pay}
          </a>
        </div>
      )}
      <OrderDetails order={order} heading="h3" paymentMethod={order.paymentMethodTitle} />
      <OrderAddresses addresses={order.addresses} heading="h3" />
    </div>
  );
}

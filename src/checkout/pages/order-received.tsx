import type { PageLoaderArgs } from '../../page-context.ts';
import { formatDate } from '../../ui/dates.ts';
import { data, type MetaFunction } from 'react-router';
import { messages } from '../../platform/messages/index.ts';
import { formatMoney } from '../../platform/money/money.ts';
import { isPaid } from '../order.ts';

export const meta: MetaFunction = () => [{ title: `Order received – ${messages.shopName}` }];
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ params, request, context }: PageLoaderArgs) {
  const key = new URL(request.url).searchParams.get('key') ?? '';
  const id = Number(params.orderId);
  const order =
    Number.isInteger(id) && id > 0 ? await context.shop.orders.findWithKey(id, key) : undefined;
  if (!order) throw data(null, { status: 404 });
  return {
    id: order.id,
    status: order.status,
    paid: isPaid(order.status),
    createdAt: order.createdAt,
    email: order.billing.email,
    billing: order.billing,
    total: order.total,
    subtotal: order.subtotal,
    discountTotal: order.discountTotal,
    paymentMethodTitle: order.paymentMethodTitle,
    lines: order.lines,
  };
}

export default function OrderReceived({
  loaderData: order,
}: {
  loaderData: Awaited<ReturnType<typeof loader>>;
}) {
  return (
    <div className="order-received">
      <h1>Order received</h1>
      {order.status === 'failed' ? (
        <p className="notice notice-error" role="alert">
          {messages.paymentFailed}
        </p>
      ) : (
        <p className="notice notice-success woocommerce-thankyou-order-received">
          {messages.orderReceived}
        </p>
      )}
      <ul className="order-overview">
        <li>
          Order number: <strong>{order.id}</strong>
        </li>
        <li>
          Date: <strong>{formatDate(order.createdAt)}</strong>
        </li>
        <li>
          Email: <strong>{order.email}</strong>
        </li>
        <li>
          Total: <strong>{formatMoney(order.total)}</strong>
        </li>
        <li>
          Payment method: <strong>{order.paymentMethodTitle}</strong>
        </li>
        <li>
          Status:{' '}
          <strong className={`order-status status-${order.status}`}>
            {order.paid
              ? 'Paid – processing'
              : order.status === 'processing'
                ? 'Processing'
                : order.status}
          </strong>
        </li>
      </ul>
      <section aria-labelledby="order-details-heading">
        <h2 id="order-details-heading">Order details</h2>
        <table className="shop_table order_details">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, index) => (
              <tr key={index}>
                <td>
                  {line.name} <strong>× {line.quantity}</strong>
                </td>
                <td>{formatMoney(line.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Subtotal</th>
              <td>{formatMoney(order.subtotal)}</td>
            </tr>
            {order.discountTotal > 0 && (
              <tr>
                <th scope="row">Discount</th>
                <td>-{formatMoney(order.discountTotal)}</td>
              </tr>
            )}
            <tr>
              <th scope="row">Total</th>
              <td>{formatMoney(order.total)}</td>
            </tr>
          </tfoot>
        </table>
      </section>
      <section aria-labelledby="billing-heading">
        <h2 id="billing-heading">Billing address</h2>
        <address>
          {order.billing.first_name} {order.billing.last_name}
          <br />
          {order.billing.address_1}
          <br />
          {order.billing.city} {order.billing.postcode}
          <br />
          {order.billing.country}
        </address>
      </section>
    </div>
  );
}

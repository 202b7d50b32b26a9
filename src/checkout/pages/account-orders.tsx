import type { PageLoaderArgs } from '../../page-context.ts';
import { redirect, type MetaFunction } from 'react-router';
import { statusName } from '../order.ts';
import { needsPayment } from '../order-pay-rules.ts';
import { orderPayUrl } from '../payment-steps.ts';
import { MY_ACCOUNT_ORDERS_PER_PAGE } from '../../platform/constants/index.ts';
import { format, messages } from '../../platform/messages/index.ts';
import { formatDate } from '../../ui/dates.ts';
import { useFormatMoney } from '../../ui/money.tsx';
import { privatePage } from '../../accounts/pages/page-answers.ts';

export const meta: MetaFunction = () => [
  { title: `${messages.orders} – ${messages.myAccount} – ${messages.shopName}` },
];
export const headers = privatePage;

/** `/my-account/orders/` and `/my-account/orders/{page}/`: the customer's orders, newest first. */
export async function loader({ context, params }: PageLoaderArgs) {
  const customer = await context.shop.accounts.customerOf(context.session);
  if (!customer) return null;
  const page = params.page === undefined ? 1 : Number(params.page);
  if (!Number.isSafeInteger(page) || page < 1 || !/^\d+$/.test(params.page ?? '1'))
    throw redirect('/my-account/orders/');
  const perPage = MY_ACCOUNT_ORDERS_PER_PAGE;
  const { orders, total } = await context.shop.orders.customerOrders(customer.id, {
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (page > pages) throw redirect('/my-account/orders/');
  return {
    page,
    pages,
    orders: orders.map((order) => ({
      ...order,
      viewUrl: `/my-account/view-order/${order.id}/`,
      payUrl: needsPayment(order.status) ? orderPayUrl(order) : null,
    })),
  };
}

type LoaderData = NonNullable<Awaited<ReturnType<typeof loader>>>;

function OrderRow({ order }: { order: LoaderData['orders'][number] }) {
  const formatMoney = useFormatMoney(order.currency);
  const total = format(
    order.itemCount === 1 ? messages.orderTotalFor : messages.orderTotalForMany,
    {
      total: formatMoney(order.total),
      count: order.itemCount,
    },
  );
  return (
    <tr>
      <th scope="row" data-title={messages.order}>
        <a href={order.viewUrl}>{format(messages.orderNumber, { id: order.id })}</a>
      </th>
      <td data-title={messages.date}>
        <time dateTime={order.createdAt}>{formatDate(order.createdAt)}</time>
      </td>
      <td data-title={messages.status}>
        <span className={`order-status status-${order.status}`}>{statusName(order.status)}</span>
      </td>
      <td data-title={messages.total}>{total}</td>
      <td data-title={messages.actions} className="order-actions">
        {order.payUrl && (
          <a
            className="button button-primary button-small"
            href={order.payUrl}
            aria-label={format(messages.payOrder, { id: order.id })}
          >
            {messages.pay}
          </a>
        )}
        <a
          className="button button-small"
          href={order.viewUrl}
          aria-label={format(messages.viewOrder, { id: order.id })}
        >
          {messages.view}
        </a>
      </td>
    </tr>
  );
}

export default function Orders({ loaderData }: { loaderData: Awaited<ReturnType<typeof loader>> }) {
  if (!loaderData) return null;
  const { orders, page, pages } = loaderData;
  if (orders.length === 0)
    return (
      <div className="notice woocommerce-info">
        <span>{messages.noOrders}</span>
        <a className="button notice-link" href="/shop/">
          {messages.browseProducts}
        </a>
      </div>
    );
  return (
    <>
      <h2>{messages.orders}</h2>
      <table className="shop_table account-orders-table responsive-table">
        <thead>
          <tr>
            <th scope="col">{messages.order}</th>
            <th scope="col">{messages.date}</th>
            <th scope="col">{messages.status}</th>
            <th scope="col">{messages.total}</th>
            <th scope="col">{messages.actions}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <nav className="account-pagination" aria-label={messages.ordersPages}>
          {page > 1 && (
            <a
              className="button"
              href={page === 2 ? '/my-account/orders/' : `/my-account/orders/${page - 1}/`}
            >
              {messages.newerOrders}
            </a>
          )}
          {page < pages && (
            <a className="button" href={`/my-account/orders/${page + 1}/`}>
              {messages.olderOrders}
            </a>
          )}
        </nav>
      )}
    </>
  );
}

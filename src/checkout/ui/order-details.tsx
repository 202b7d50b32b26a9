import type { ReactNode } from 'react';
import type { Money } from '../../platform/money/money.ts';
import { format, messages } from '../../platform/messages/index.ts';
import { useFormatMoney } from '../../ui/money.tsx';

/** What an order's details table shows of it. */
export interface OrderDetailsData {
  currency: string;
  lines: { name: string; quantity: number; total: Money }[];
  subtotal: Money;
  discountTotal: Money;
  /** The shipping method's title; none when nothing ships. */
  shippingMethod: string | null;
  shippingTotal: Money;
  taxTotal: Money;
  total: Money;
}

/**
 * An order's lines and totals, in the currency it was placed in and the shop's language: the
 * thank-you page's and my-account's view of an order. `paymentMethod` adds its row (the
 * thank-you page names the method in its overview instead); `children` follow the table.
 */
export function OrderDetails({
  order,
  heading: Heading,
  paymentMethod,
  children,
}: {
  order: OrderDetailsData;
  heading: 'h2' | 'h3';
  paymentMethod?: string;
  children?: ReactNode;
}) {
  const formatMoney = useFormatMoney(order.currency);
  const totals: [string, string][] = [[messages.subtotal, formatMoney(order.subtotal)]];
  if (order.discountTotal > 0)
    totals.push([messages.discount, `-${formatMoney(order.discountTotal)}`]);
  if (order.shippingMethod)
    totals.push([
      messages.shipping,
      order.shippingTotal > 0
        ? format(messages.shippingVia, {
            cost: formatMoney(order.shippingTotal),
            method: order.shippingMethod,
          })
        : order.shippingMethod,
    ]);
  if (order.taxTotal > 0) totals.push([messages.tax, formatMoney(order.taxTotal)]);
  if (paymentMethod !== undefined) totals.push([messages.paymentMethod, paymentMethod]);
  totals.push([messages.total, formatMoney(order.total)]);
  return (
    <section aria-labelledby="order-details-heading">
      <Heading id="order-details-heading">{messages.orderDetails}</Heading>
      <table className="shop_table order_details">
        <thead>
          <tr>
            <th scope="col">{messages.product}</th>
            <th scope="col">{messages.total}</th>
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
          {totals.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      {children}
    </section>
  );
}

import { addressLines } from '../../platform/address/address-format.ts';
import type { Money } from '../../platform/money/money.ts';
import { format, messages } from '../../platform/messages/index.ts';
import { useFormatMoney } from '../../ui/money.tsx';
import { PostalAddress } from '../../ui/postal-address.tsx';
import type { Order } from '../order.ts';

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
  /** What the customer wrote in the checkout's order notes; empty when nothing. */
  customerNote: string;
}

/**
 * An order's lines and totals, in the currency it was placed in and the shop's language, and the
 * customer's note under them (as WooCommerce's order details): the thank-you page's and
 * my-account's view of an order. `paymentMethod` adds its row (the thank-you page names the
 * method in its overview instead).
 */
export function OrderDetails({
  order,
  heading: Heading,
  paymentMethod,
}: {
  order: OrderDetailsData;
  heading: 'h2' | 'h3';
  paymentMethod?: string;
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
  if (order.customerNote) totals.push([messages.orderNote, order.customerNote]);
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
    </section>
  );
}

/** An order's addresses as its pages show them (WooCommerce's customer details). */
export interface OrderAddressesData {
  billingLines: string[];
  phone: string;
  email: string;
  /** Where it ships; none when nothing in it ships. */
  shippingLines: string[] | null;
}

export function orderAddresses(
  order: Pick<Order, 'billing' | 'shippingAddress'>,
): OrderAddressesData {
  return {
    billingLines: addressLines(order.billing),
    phone: order.billing.phone,
    email: order.billing.email,
    shippingLines: order.shippingAddress
      ? addressLines({ country: '', ...order.shippingAddress })
      : null,
  };
}

/**
 * The billing address with the phone and e-mail under it, and the shipping address beside it
 * when the order ships: the thank-you page's and my-account's view of an order.
 */
export function OrderAddresses({
  addresses,
  heading: Heading,
}: {
  addresses: OrderAddressesData;
  heading: 'h2' | 'h3';
}) {
  return (
    <div className="order-addresses">
      <section aria-labelledby="billing-address-heading">
        <Heading id="billing-address-heading">{messages.billingAddress}</Heading>
        <PostalAddress lines={addresses.billingLines} />
        {addresses.phone && (
          <p className="woocommerce-customer-details--phone">{addresses.phone}</p>
        )}
        {addresses.email && (
          <p className="woocommerce-customer-details--email">{addresses.email}</p>
        )}
      </section>
      {addresses.shippingLines && (
        <section aria-labelledby="shipping-address-heading">
          <Heading id="shipping-address-heading">{messages.shippingAddress}</Heading>
          <PostalAddress lines={addresses.shippingLines} />
        </section>
      )}
    </div>
  );
}

import { checkoutMessages } from '../../platform/messages/checkout.ts';
import { format } from '../../platform/messages/format.ts';
import { shopMessages } from '../../platform/messages/shop.ts';
import type { Money } from '../../platform/money/money.ts';
import { useFormatMoney } from '../../ui/money.tsx';

/** What the order-pay table shows: the order's lines and totals as they were stored. */
export interface OrderPaySummary {
  lines: { name: string; quantity: number; total: Money }[];
  subtotal: Money;
  discountTotal: Money;
  coupons: string[];
  shippingTotal: Money;
  shippingMethod: string | null;
  taxTotal: Money;
  total: Money;
  /** The currency the order was placed in. */
  currency: string;
}

/** WooCommerce's form-pay table: product, quantity and total per line, then the order totals. */
export function OrderPayTable({ order }: { order: OrderPaySummary }) {
  const formatMoney = useFormatMoney(order.currency);
  return (
    <table className="shop_table order-pay-table">
      <caption className="visually-hidden">{checkoutMessages.yourOrder}</caption>
      <thead>
        <tr>
          <th scope="col" className="product-name">
            {shopMessages.product}
          </th>
          <th scope="col" className="product-quantity">
            {checkoutMessages.columnQty}
          </th>
          <th scope="col" className="product-total">
            {checkoutMessages.columnTotals}
          </th>
        </tr>
      </thead>
      <tbody>
        {order.lines.map((line, index) => (
          <tr key={index} className="order_item">
            <td className="product-name">{line.name}</td>
            <td className="product-quantity">
              <strong>× {line.quantity}</strong>
            </td>
            <td className="product-total">{formatMoney(line.total)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="cart-subtotal">
          <th scope="row" colSpan={2}>
            {shopMessages.subtotal}
          </th>
          <td>{formatMoney(order.subtotal)}</td>
        </tr>
        {order.discountTotal > 0 && (
          <tr className="cart-discount">
            <th scope="row" colSpan={2}>
              {order.coupons.length > 0
                ? format(checkoutMessages.discountCoupons, { coupons: order.coupons.join(', ') })
                : shopMessages.discount}
            </th>
            <td>-{formatMoney(order.discountTotal)}</td>
          </tr>
        )}
        {order.shippingMethod && (
          <tr className="shipping">
            <th scope="row" colSpan={2}>
              {shopMessages.shipping}
            </th>
            <td>
              {order.shippingTotal > 0
                ? format(shopMessages.shippingVia, {
                    cost: formatMoney(order.shippingTotal),
                    method: order.shippingMethod,
                  })
                : order.shippingMethod}
            </td>
          </tr>
        )}
        {order.taxTotal > 0 && (
          <tr className="tax-total">
            <th scope="row" colSpan={2}>
              {shopMessages.tax}
            </th>
            <td>{formatMoney(order.taxTotal)}</td>
          </tr>
        )}
        <tr className="order-total">
          <th scope="row" colSpan={2}>
            {shopMessages.total}
          </th>
          <td>
            <strong>{formatMoney(order.total)}</strong>
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

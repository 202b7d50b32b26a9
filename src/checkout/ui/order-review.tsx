import { renderToStaticMarkup } from 'react-dom/server.browser';
import { minor, type StoreCart } from '../../cart/store-api.types.ts';
import { CartTotalsRows, ShippingMethods } from '../../cart/ui/cart-totals.tsx';
import { checkoutMessages } from '../../platform/messages/checkout.ts';
import { shopMessages } from '../../platform/messages/shop.ts';
import type { MoneyFormat } from '../../platform/money/money.ts';
import { MoneyFormatContext, useFormatMoney } from '../../ui/money.tsx';

/** The checkout's order review table: items, totals, and the shipping rates as radios. */
export function OrderReview({
  cart,
  onChooseShipping,
  onRemoveCoupon,
  disabled,
}: {
  cart: StoreCart;
  onChooseShipping?: (rateId: string) => void;
  onRemoveCoupon?: (code: string) => void;
  disabled?: boolean;
}) {
  const formatMoney = useFormatMoney();
  return (
    <table className="shop_table woocommerce-checkout-review-order-table">
      <caption className="visually-hidden">{checkoutMessages.yourOrder}</caption>
      <thead>
        <tr>
          <th scope="col">{shopMessages.product}</th>
          <th scope="col">{shopMessages.subtotal}</th>
        </tr>
      </thead>
      <tbody>
        {cart.items.map((item) => (
          <tr key={item.key} className="cart_item">
            <td>
              {item.name}
              {item.variation.length > 0 &&
                ` – ${item.variation.map((v) => v.value).join(', ')}`}{' '}
              <strong className="product-quantity">× {item.quantity}</strong>
            </td>
            <td>{formatMoney(minor(item.totals.line_subtotal))}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <CartTotalsRows
          cart={cart}
          onRemoveCoupon={onRemoveCoupon}
          shipping={<ShippingMethods cart={cart} onChoose={onChooseShipping} disabled={disabled} />}
        />
      </tfoot>
    </table>
  );
}

/** `update_order_review`'s fragments (seed 001 §3): selector -> the review table's markup. */
export function orderReviewFragments(cart: StoreCart, money: MoneyFormat): Record<string, string> {
  return {
    '.woocommerce-checkout-review-order-table': renderToStaticMarkup(
      <MoneyFormatContext value={money}>
        <OrderReview cart={cart} />
      </MoneyFormatContext>,
    ),
  };
}

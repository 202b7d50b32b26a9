import { messages } from '../../platform/messages/index.ts';
import { formatMoney } from '../../platform/money/money.ts';
import { minor, type StoreCart } from '../store-cart.ts';

/** Subtotal, coupon and total rows: the same on the cart page and in the checkout's order review. */
export function CartTotalsRows({ cart }: { cart: StoreCart }) {
  return (
    <>
      <tr className="cart-subtotal">
        <th scope="row">Subtotal</th>
        <td>{formatMoney(minor(cart.totals.total_items))}</td>
      </tr>
      {cart.coupons.map((coupon) => (
        <tr key={coupon.code} className="cart-discount">
          <th scope="row">Coupon: {coupon.code}</th>
          <td>-{formatMoney(minor(coupon.totals.total_discount))}</td>
        </tr>
      ))}
      <tr className="order-total">
        <th scope="row">Total</th>
        <td>
          <strong>{formatMoney(minor(cart.totals.total_price))}</strong>
        </td>
      </tr>
    </>
  );
}

/** What the cart and checkout pages show when there is nothing in the cart. */
export function EmptyCart({ title }: { title: string }) {
  return (
    <div className="cart-page">
      <h1>{title}</h1>
      <p className="cart-empty">{messages.cartEmpty}</p>
      <p>
        <a className="button" href="/shop/">
          {messages.returnToShop}
        </a>
      </p>
    </div>
  );
}

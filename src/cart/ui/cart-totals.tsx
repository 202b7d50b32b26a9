import type { ReactNode } from 'react';
import { addressLines } from '../../platform/address/address-format.ts';
import { format, messages } from '../../platform/messages/index.ts';
import { useFormatMoney } from '../../ui/money.tsx';
import { Notices, useWaitingNotices } from '../../ui/notices.tsx';
import { minor, type StoreCart } from '../store-api.types.ts';

/** The cart's one shipping package, if it needs shipping. */
function shippingPackage(cart: StoreCart) {
  return cart.needs_shipping ? cart.shipping_rates[0] : undefined;
}

/** `Flat rate: $5.00`, or just the title when it costs nothing. */
function rateLabel(
  rate: { name: string; price: string },
  formatMoney: (amount: number) => string,
): string {
  return minor(rate.price) > 0 ? `${rate.name}: ${formatMoney(minor(rate.price))}` : rate.name;
}

/**
 * The shipping rates as radios named `shipping_method[0]`, as WooCommerce's checkout and cart
 * forms post them. `onChoose` runs on a change (the checkout refreshes its review on it).
 */
export function ShippingMethods({
  cart,
  onChoose,
  disabled,
}: {
  cart: StoreCart;
  onChoose?: (rateId: string) => void;
  disabled?: boolean;
}) {
  const formatMoney = useFormatMoney();
  const rates = shippingPackage(cart)?.shipping_rates ?? [];
  if (rates.length === 0) return <p className="no-shipping">{messages.noShippingMethods}</p>;
  const selected = rates.find((rate) => rate.selected)?.rate_id;
  return (
    <ul id="shipping_method" className="woocommerce-shipping-methods">
      {rates.map((rate) => {
        const id = `shipping_method_0_${rate.rate_id.replace(/\W/g, '')}`;
        return (
          <li key={rate.rate_id}>
            <input
              type="radio"
              name="shipping_method[0]"
              data-index="0"
              id={id}
              value={rate.rate_id}
              className="shipping_method"
              // Keyed by the chosen rate, so a server-side change re-renders the choice.
              key={`${rate.rate_id}-${selected}`}
              defaultChecked={rate.rate_id === selected}
              disabled={disabled}
              onChange={() => onChoose?.(rate.rate_id)}
            />
            <label htmlFor={id}>{rateLabel(rate, formatMoney)}</label>
          </li>
        );
      })}
    </ul>
  );
}

/** `Shipping to CA 94103, United States (US).`: the destination in its country's format. */
export function shippingDestinationText(cart: StoreCart): string | null {
  const destination = shippingPackage(cart)?.destination;
  if (!destination) return null;
  const place = addressLines(destination).join(', ') || destination.country;
  return format(messages.shippingTo, { place });
}

/**
 * Subtotal, coupon, shipping, tax and total rows: the same on the cart page and in the
 * checkout's order review. `shipping` replaces the chosen rate's text (e.g. with radios).
 */
export function CartTotalsRows({
  cart,
  shipping,
  onRemoveCoupon,
}: {
  cart: StoreCart;
  shipping?: ReactNode;
  /** Offers a `[Remove]` control beside each coupon (the checkout's review). */
  onRemoveCoupon?: (code: string) => void;
}) {
  const formatMoney = useFormatMoney();
  const chosen = shippingPackage(cart)?.shipping_rates.find((rate) => rate.selected);
  return (
    <>
      <tr className="cart-subtotal">
        <th scope="row">{messages.subtotal}</th>
        <td>{formatMoney(minor(cart.totals.total_items))}</td>
      </tr>
      {cart.coupons.map((coupon) => (
        <tr key={coupon.code} className="cart-discount">
          <th scope="row">{format(messages.couponTotalLabel, { code: coupon.code })}</th>
          <td>
            -{formatMoney(minor(coupon.totals.total_discount))}{' '}
            {onRemoveCoupon && (
              <button
                type="button"
                className="link-button woocommerce-remove-coupon"
                data-coupon={coupon.code}
                aria-label={format(messages.removeCouponLabel, { code: coupon.code })}
                onClick={() => onRemoveCoupon(coupon.code)}
              >
                {messages.removeCoupon}
              </button>
            )}
          </td>
        </tr>
      ))}
      {cart.needs_shipping && (
        <tr className="woocommerce-shipping-totals shipping">
          <th scope="row">{messages.shipping}</th>
          <td data-title={messages.shipping}>
            {shipping ?? (chosen ? rateLabel(chosen, formatMoney) : messages.noShippingMethods)}
          </td>
        </tr>
      )}
      {cart.totals.tax_lines.map((line) => (
        <tr key={line.name} className="tax-rate">
          <th scope="row">{line.name}</th>
          <td>{formatMoney(minor(line.price))}</td>
        </tr>
      ))}
      <tr className="order-total">
        <th scope="row">{messages.total}</th>
        <td>
          <strong>{formatMoney(minor(cart.totals.total_price))}</strong>
        </td>
      </tr>
    </>
  );
}

/**
 * What the cart and checkout pages show when there is nothing in the cart, below the visitor's
 * waiting notices (those pages have a notices area of their own: `ownNoticesHandle`).
 */
export function EmptyCart({ title }: { title: string }) {
  return (
    <div className="cart-page">
      <h1>{title}</h1>
      <Notices notices={useWaitingNotices()} />
      <p className="cart-empty">{messages.cartEmpty}</p>
      <p>
        <a className="button" href="/shop/">
          {messages.returnToShop}
        </a>
      </p>
    </div>
  );
}

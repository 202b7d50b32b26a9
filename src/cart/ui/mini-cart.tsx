import { useFormatMoney } from '../../ui/money.tsx';
import { cartMessages } from '../../platform/messages/cart.ts';
import { format } from '../../platform/messages/format.ts';
import { shopMessages } from '../../platform/messages/shop.ts';
import { minor, type StoreCart } from '../store-api.types.ts';

/**
 * The header's mini cart contents. Rendered by React in the page, and to static markup for the
 * `fragments` of the ajax responses (seed 000 §3), so both always match.
 */
export function MiniCartContents({
  cart,
  removeNonce,
  onRemove,
}: {
  cart: StoreCart;
  removeNonce: string;
  onRemove?: (key: string, href: string) => void;
}) {
  const formatMoney = useFormatMoney();
  if (cart.items.length === 0) {
    return (
      <div className="widget_shopping_cart_content">
        <p className="mini-cart-empty">{cartMessages.cartEmpty}</p>
      </div>
    );
  }
  return (
    <div className="widget_shopping_cart_content">
      <ul className="mini-cart-items">
        {cart.items.map((item) => {
          const href = removeItemUrl(item.key, removeNonce);
          return (
            <li key={item.key} className="mini-cart-item">
              <a
                href={href}
                className="remove remove_from_cart_button"
                aria-label={format(cartMessages.removeItemLabel, { name: item.name })}
                data-cart_item_key={item.key}
                onClick={
                  onRemove &&
                  ((event) => {
                    event.preventDefault();
                    onRemove(item.key, href);
                  })
                }
              >
                ×
              </a>
              <a href={item.permalink} className="mini-cart-name">
                {item.images[0] && (
                  <img
                    src={item.images[0].thumbnail}
                    alt=""
                    width={48}
                    height={48}
                    loading="lazy"
                  />
                )}
                {item.name}
                {item.variation.length > 0 && (
                  <span className="mini-cart-variation">
                    {' '}
                    – {item.variation.map((v) => v.value).join(', ')}
                  </span>
                )}
              </a>
              <span className="quantity">
                {item.quantity} × {formatMoney(minor(item.prices.price))}
              </span>
            </li>
          );
        })}
      </ul>
      <p className="mini-cart-total">
        <strong>{cartMessages.miniCartSubtotal}</strong>{' '}
        {formatMoney(minor(cart.totals.total_items))}
      </p>
      <p className="mini-cart-buttons">
        <a href="/cart/" className="button">
          {cartMessages.viewCart}
        </a>{' '}
        <a href="/checkout/" className="button button-primary">
          {shopMessages.checkoutTitle}
        </a>
      </p>
    </div>
  );
}

/** The no-JavaScript remove link (WooCommerce's `?remove_item=` with its nonce). */
export function removeItemUrl(key: string, nonce: string): string {
  return `/cart/?remove_item=${encodeURIComponent(key)}&_wpnonce=${encodeURIComponent(nonce)}`;
}

export function CartCount({ count }: { count: number }) {
  return (
    <span
      className="cart-contents-count"
      aria-label={format(count === 1 ? cartMessages.itemCount : cartMessages.itemCountPlural, {
        count,
      })}
    >
      {count}
    </span>
  );
}

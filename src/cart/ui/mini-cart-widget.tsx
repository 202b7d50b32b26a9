import { cartMessages } from '../../platform/messages/cart.ts';
import type { StoreCart } from '../store-api.types.ts';
import { cartRemoveNonce, removeFromCart, useCart } from './browser-cart-store.ts';
import { MiniCartContents } from './mini-cart.tsx';

/**
 * The mini cart (seed 000 §1, §8): the cart's items with remove links. With JavaScript a remove
 * goes through `remove_from_cart`; an answer without fragments, or a failed call, follows the
 * link's href instead — which is also what happens without JavaScript.
 */
export function MiniCartWidget({
  initial,
}: {
  initial: { cart: StoreCart; removeNonce: string } | null;
}) {
  const { cart } = useCart(initial?.cart ?? null);
  if (!cart || cart.items.length === 0) return null;
  return (
    <aside className="mini-cart-widget" aria-labelledby="mini-cart-heading">
      <h2 id="mini-cart-heading">{cartMessages.miniCartHeading}</h2>
      <MiniCartContents
        cart={cart}
        removeNonce={cartRemoveNonce(initial?.removeNonce ?? '')}
        onRemove={(key, href) => {
          void removeFromCart(key)
            .then((answer) => {
              if (answer.error) window.location.href = href;
            })
            .catch(() => {
              window.location.href = href;
            });
        }}
      />
    </aside>
  );
}

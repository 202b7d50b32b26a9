import { useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { cartMessages } from '../../platform/messages/cart.ts';
import { format } from '../../platform/messages/format.ts';
import { shopMessages } from '../../platform/messages/shop.ts';
import { addToCart } from './browser-cart-store.ts';
import { announce } from '../../ui/live-region.tsx';

type ButtonState = 'normal' | 'loading' | 'added';

/**
 * The listing's `Add to cart` (seed 000 §4): a plain link to `?add-to-cart=` without JavaScript;
 * with it, an ajax add that goes normal -> loading -> added and puts `View cart` after the button.
 */
export function AddToCartButton({
  productId,
  productName,
  quantity = 1,
}: {
  productId: number;
  productName: string;
  quantity?: number;
}) {
  const [state, setState] = useState<ButtonState>('normal');
  const root = useRouteLoaderData('root') as { redirectAfterAdd?: boolean } | undefined;
  const isCartPage = typeof window !== 'undefined' && window.location.pathname === '/cart/';

  async function onClick(event: React.MouseEvent<HTMLAnchorElement>) {
    const data = { ...event.currentTarget.dataset } as Record<string, string>;
    if (!data.product_id) return;
    event.preventDefault();
    setState('loading');
    const response = await addToCart(data);
    if (response.error && response.product_url) {
      window.location.href = response.product_url;
      return;
    }
    if (response.error) {
      setState('normal');
      announce(response.message ?? shopMessages.unknownError);
      return;
    }
    if (root?.redirectAfterAdd) {
      window.location.href = '/cart/';
      return;
    }
    setState('added');
    if (response.success_message) announce(response.success_message);
  }

  return (
    <>
      <a
        href={`?add-to-cart=${productId}`}
        data-product_id={productId}
        data-quantity={quantity}
        className={`button add_to_cart_button ajax_add_to_cart${state === 'loading' ? ' loading' : ''}${state === 'added' ? ' added' : ''}`}
        aria-label={format(cartMessages.addToCartLabel, { name: productName })}
        aria-busy={state === 'loading' || undefined}
        rel="nofollow"
        onClick={onClick}
      >
        {cartMessages.addToCart}
      </a>
      {state === 'added' && !isCartPage && (
        <a href="/cart/" className="added_to_cart wc-forward" title={cartMessages.viewCart}>
          {cartMessages.viewCart}
        </a>
      )}
    </>
  );
}

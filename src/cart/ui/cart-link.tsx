import { useEffect } from 'react';
import { cartState, refreshCart, useCart } from './cart-store.ts';

function hasCartCookie(): boolean {
  return document.cookie.split('; ').some((c) => c.startsWith('woocommerce_items_in_cart='));
}

/**
 * The header's cart button, named `Cart` with its count. Its count arrives from the cart call
 * after hydration, so the page itself stays the same for every visitor.
 */
export function CartLink({ initialCount }: { initialCount: number | null }) {
  const { cart } = useCart();
  useEffect(() => {
    if (!cartState().cart && hasCartCookie()) void refreshCart();
    const onStorage = (event: StorageEvent) => {
      if (event.key === 'wc_cart_hash') void refreshCart();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const count = cart?.items_count ?? initialCount ?? 0;
  return (
    <a href="/cart/" className="cart-link">
      <svg
        aria-hidden="true"
        width="20"
        height="20"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M6 6h15l-1.5 9h-12z M6 6 5 3H2 M9 20a1 1 0 1 0 0-.01 M18 20a1 1 0 1 0 0-.01" />
      </svg>
      <span>Cart</span> <span className="cart-contents-count">{count}</span>
    </a>
  );
}

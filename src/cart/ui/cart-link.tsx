import { useEffect, useState } from 'react';
import { shopMessages } from '../../platform/messages/shop.ts';
import { refreshPanel, setPanelOpen, useCart, usePanelOpen } from './browser-cart-store.ts';
import { preloadSlideOutCart } from './slide-out-cart-when-opened.tsx';

function hasCartCookie(): boolean {
  return document.cookie.split('; ').some((c) => c.startsWith('woocommerce_items_in_cart='));
}

function CartIcon() {
  return (
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
  );
}

/**
 * The header's cart button, named `Cart` with its count (CONTRACT §5). Before JavaScript runs it
 * is a link to the cart page; after, a button that opens the slide-out cart. Its count arrives from
 * the cart calls after hydration, so the page itself stays the same for every visitor.
 */
export function CartLink({ initialCount }: { initialCount: number | null }) {
  const { cart } = useCart();
  const open = usePanelOpen();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    // Another tab changed the cart (it writes the hash to local storage): catch up.
    const onStorage = (event: StorageEvent) => {
      if (event.key === 'wc_cart_hash' && hasCartCookie()) void refreshPanel('refresh');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const count = cart?.items_count ?? initialCount ?? 0;
  const contents = (
    <>
      <CartIcon />
      <span>{shopMessages.cartTitle}</span> <span className="cart-contents-count">{count}</span>
    </>
  );
  if (!hydrated) {
    return (
      <a href="/cart/" className="cart-link">
        {contents}
      </a>
    );
  }
  return (
    <button
      type="button"
      className="cart-link"
      aria-haspopup="dialog"
      aria-expanded={open}
      onClick={() => setPanelOpen(true)}
      onPointerEnter={preloadSlideOutCart}
      onFocus={preloadSlideOutCart}
    >
      {contents}
    </button>
  );
}

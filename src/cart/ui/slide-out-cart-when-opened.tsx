import { useEffect } from 'react';
import { loadedOnFirstOpen, OnceOpened } from '../../ui/loaded-on-first-open.tsx';
import { refreshPanel, usePanelOpen } from './browser-cart-store.ts';

/** The panel's code (its dialog, focus trap and overlay handling); the cart page shows the same cart. */
const panel = loadedOnFirstOpen(
  () => import('./slide-out-cart.tsx').then((module) => module.SlideOutCart),
  '/cart/',
);

/** Fetches the panel's code ahead of the click: the cart button asks on hover and focus. */
export const preloadSlideOutCart = panel.prefetch;

/**
 * The slide-out cart, loaded the first time it opens and kept from then on. The page itself
 * never draws it (it is closed), so the server's markup is the same without it.
 */
export function SlideOutCartWhenOpened() {
  const open = usePanelOpen();
  // Seed 000 §7: refreshed on page load when there is a cart (the header's count comes from it);
  // the panel refreshes itself whenever it opens.
  useEffect(() => {
    if (document.cookie.includes('woocommerce_items_in_cart=')) void refreshPanel('refresh');
  }, []);
  return (
    <OnceOpened open={open}>
      <panel.Part />
    </OnceOpened>
  );
}

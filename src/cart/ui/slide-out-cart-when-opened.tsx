import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { refreshPanel, usePanelOpen } from './browser-cart-store.ts';

let panelCode: Promise<typeof import('./slide-out-cart.tsx')> | undefined;

/**
 * Fetches the panel's code (its dialog, focus trap and overlay handling, a good part of the
 * site's script) if it has not been yet: the cart button asks on hover and focus, so that the
 * click rarely waits for it.
 */
export function preloadSlideOutCart(): Promise<typeof import('./slide-out-cart.tsx')> {
  panelCode ??= import('./slide-out-cart.tsx').catch((error: unknown) => {
    panelCode = undefined;
    throw error;
  });
  return panelCode;
}

const SlideOutCartPanel = lazy<ComponentType>(() =>
  preloadSlideOutCart().then(
    (module) => ({ default: module.SlideOutCart }),
    (error: unknown) => {
      // The panel's code could not be fetched: the cart page shows the same cart.
      console.error(error);
      window.location.assign('/cart/');
      return { default: () => null };
    },
  ),
);

/**
 * The slide-out cart, loaded the first time it opens and kept from then on. The page itself
 * never draws it (it is closed), so the server's markup is the same without it.
 */
export function SlideOutCartWhenOpened() {
  const open = usePanelOpen();
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  // Seed 000 §7: refreshed on page load when there is a cart (the header's count comes from it);
  // the panel refreshes itself whenever it opens.
  useEffect(() => {
    if (document.cookie.includes('woocommerce_items_in_cart=')) void refreshPanel('refresh');
  }, []);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SlideOutCartPanel />
    </Suspense>
  );
}

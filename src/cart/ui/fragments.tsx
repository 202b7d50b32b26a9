import { renderToStaticMarkup } from 'react-dom/server.browser';
import type { StoreCart } from '../store-api.types.ts';
import { CartCount, MiniCartContents } from './mini-cart.tsx';
import { SlideOutCartBody } from './slide-out-cart.tsx';

/** Selector -> replacement markup for every cart widget, as the seeds' cart fragments. */
export function cartFragments(cart: StoreCart, removeNonce: string): Record<string, string> {
  return {
    'div.widget_shopping_cart_content': renderToStaticMarkup(
      <MiniCartContents cart={cart} removeNonce={removeNonce} />,
    ),
    'span.cart-contents-count': renderToStaticMarkup(<CartCount count={cart.items_count} />),
  };
}

/** The slide-out cart's `html` (seed 000 §3): the panel body as static markup. */
export function slideOutHtml(cart: StoreCart): string {
  return renderToStaticMarkup(<SlideOutCartBody cart={cart} />);
}

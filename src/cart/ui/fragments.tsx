import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server.browser';
import { DEFAULT_MONEY_FORMAT, type MoneyFormat } from '../../platform/money/money.ts';
import { MoneyFormatContext } from '../../ui/money.tsx';
import type { StoreCart } from '../store-api.types.ts';
import { CartCount, MiniCartContents } from './mini-cart.tsx';
import { SlideOutCartBody } from './slide-out-cart.tsx';

/** Static markup of a cart widget, its prices written in the shop's currency and locale. */
function markup(money: MoneyFormat, element: ReactNode): string {
  return renderToStaticMarkup(<MoneyFormatContext value={money}>{element}</MoneyFormatContext>);
}

/** Selector -> replacement markup for every cart widget, as the seeds' cart fragments. */
export function cartFragments(
  cart: StoreCart,
  removeNonce: string,
  money: MoneyFormat = DEFAULT_MONEY_FORMAT,
): Record<string, string> {
  return {
    'div.widget_shopping_cart_content': markup(
      money,
      <MiniCartContents cart={cart} removeNonce={removeNonce} />,
    ),
    'span.cart-contents-count': markup(money, <CartCount count={cart.items_count} />),
  };
}

/** The slide-out cart's `html` (seed 000 §3): the panel body as static markup. */
export function slideOutHtml(cart: StoreCart, money: MoneyFormat = DEFAULT_MONEY_FORMAT): string {
  return markup(money, <SlideOutCartBody cart={cart} />);
}

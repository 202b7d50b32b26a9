import type { SellingParts } from '../../catalog/ui/selling.tsx';
import { AddToCartButton } from './add-to-cart-button.tsx';
import { AddToCartForm } from './add-to-cart-form.tsx';
import { addToCart } from './browser-cart-store.ts';
import { MiniCartWidget } from './mini-cart-widget.tsx';

/** The cart's parts in the catalog's pages and product cards (app/root.tsx provides them). */
export const catalogSelling: SellingParts = {
  AddToCartButton,
  AddToCartForm,
  MiniCartWidget,
  addToCart,
};

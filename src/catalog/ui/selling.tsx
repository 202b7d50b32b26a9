import { createContext, useContext, type ComponentType } from 'react';
import type { PageContext } from '../../page-context.ts';

/** What the product page's add-to-cart form is given of the product. */
export interface AddToCartProduct {
  id: number;
  type: string;
  inStock: boolean;
  maxQuantity: number;
  attributeOptions: Record<string, string[]>;
}

/** One of a variable product's variations, as the add-to-cart form offers it. */
export interface AddToCartVariation {
  id: number;
  attributes: Record<string, string>;
  price: number;
  regularPrice: number;
  inStock: boolean;
  maxQuantity: number;
}

/** What an add from the browser answers: refused (with the product page to go to), or not. */
export interface AddAnswer {
  error?: boolean;
  product_url?: string;
  message?: string;
}

type VisitorCart = Awaited<ReturnType<PageContext['shop']['cart']['read']>>['store'];

/** The visitor's cart as the shop page's loader reads it, with its remove links' nonce. */
export interface MiniCartData {
  cart: VisitorCart;
  removeNonce: string;
}

/**
 * What the catalog's pages and product cards show and call of whoever sells the products (the
 * cart). The catalog states it here and imports nothing of the cart; app/root.tsx provides the
 * cart's parts (cart/ui/catalog-selling.ts) around every page.
 */
export interface SellingParts {
  /** A product card's `Add to cart`. */
  AddToCartButton: ComponentType<{ productId: number; productName: string }>;
  /** The product page's form: options, quantity and Add to cart. */
  AddToCartForm: ComponentType<{ product: AddToCartProduct; variations: AddToCartVariation[] }>;
  /** The shop page's mini cart (`initial` as its loader read it; none without a session). */
  MiniCartWidget: ComponentType<{ initial: MiniCartData | null }>;
  /** The category page's Buy now: adds the fields to the cart, in the browser. */
  addToCart(fields: Record<string, string>): Promise<AddAnswer>;
}

const SellingContext = createContext<SellingParts | null>(null);

/** Gives the pages below it the seller's parts (the root layout does, for every page). */
export const SellingProvider = SellingContext.Provider;

/** The seller's parts, as the root layout provides them. */
export function useSelling(): SellingParts {
  const parts = useContext(SellingContext);
  if (!parts) throw new Error('No SellingProvider above the catalog’s page.');
  return parts;
}

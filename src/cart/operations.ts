import type { Product } from '../catalog/product-rules.ts';
import { ShopError } from '../platform/errors/shop-error.ts';
import { format, messages } from '../platform/messages/index.ts';
import type { Session } from '../platform/session/session.ts';
import type { CartItem } from './cart-contents.ts';
import type { CartService, CartView } from './cart.service.ts';
import type {
  AddItemInput,
  ApplyCouponInput,
  RemoveCouponInput,
  RemoveItemInput,
  SetQuantityInput,
} from './schemas.ts';

/**
 * Each business action on a cart, once: a typed input in, the priced cart (with the notice the
 * shopper reads) or a typed refusal out. Every door (wc-ajax, admin-ajax, Store API, page actions,
 * `?add-to-cart=` links) is an adapter around these.
 */
export interface CartOperationDeps {
  cart: CartService;
  catalog: { productById(id: number): Promise<Product | undefined> };
}

/** Whose cart: the visitor's session, and whether it is new (stored with the cart's first write). */
export interface CartIdentity {
  sessionId: string;
  unsavedSession?: Session | undefined;
}

/** Why the cart refused: `missing` (no such product or line), `conflict`, or simply `refused`. */
export interface CartRefusal {
  ok: false;
  code: string;
  message: string;
  kind: 'missing' | 'conflict' | 'refused';
  /** For an add: the page of the product asked for, where its options can be chosen. */
  productUrl?: string;
}

export type CartOutcome<T = object> =
  ({ ok: true; view: CartView; notice: string } & T) | CartRefusal;

function refusalOf(error: unknown): CartRefusal {
  if (!(error instanceof ShopError)) throw error;
  const kind = error.status === 404 ? 'missing' : error.status === 409 ? 'conflict' : 'refused';
  return { ok: false, code: error.code, message: error.message, kind };
}

async function attempt<T>(run: () => Promise<T>): Promise<T | CartRefusal> {
  try {
    return await run();
  } catch (error) {
    return refusalOf(error);
  }
}

/** The product page asked for: a variation's parent's page. */
async function productPage(
  deps: CartOperationDeps,
  productId: number,
): Promise<string | undefined> {
  const product = await deps.catalog.productById(productId);
  const parent = product?.parentId ? await deps.catalog.productById(product.parentId) : product;
  return parent ? `/product/${parent.slug}/` : undefined;
}

export async function addItem(
  deps: CartOperationDeps,
  input: CartIdentity & AddItemInput,
): Promise<CartOutcome<{ item: CartItem; product: Product }>> {
  const outcome = await attempt(async () => {
    const view = await deps.cart.add(input.sessionId, input, input.unsavedSession);
    const notice = format(messages.addedToCart, { name: view.product.name });
    return { ok: true as const, ...view, view, notice };
  });
  if (outcome.ok) return outcome;
  const productUrl = await productPage(deps, input.productId);
  return productUrl ? { ...outcome, productUrl } : outcome;
}

export async function removeItem(
  deps: CartOperationDeps,
  input: CartIdentity & RemoveItemInput,
): Promise<CartOutcome<{ removed: CartItem }>> {
  return attempt(async () => {
    const view = await deps.cart.remove(input.sessionId, input.key);
    const product = await deps.catalog.productById(view.removed.productId);
    const notice = format(messages.removedFromCart, { name: product?.name ?? '' });
    return { ok: true as const, view, removed: view.removed, notice };
  });
}

export async function setQuantity(
  deps: CartOperationDeps,
  input: CartIdentity & SetQuantityInput,
): Promise<CartOutcome> {
  return attempt(async () => {
    const view = await deps.cart.setQuantity(input.sessionId, input.key, input.quantity);
    return { ok: true as const, view, notice: messages.cartUpdated };
  });
}

export async function applyCoupon(
  deps: CartOperationDeps,
  input: CartIdentity & ApplyCouponInput,
): Promise<CartOutcome<{ code: string }>> {
  return attempt(async () => {
    const view = await deps.cart.applyCoupon(input.sessionId, input.code, input.billingEmail);
    return { ok: true as const, view, code: view.code, notice: messages.couponApplied };
  });
}

export async function removeCoupon(
  deps: CartOperationDeps,
  input: CartIdentity & RemoveCouponInput,
): Promise<CartOutcome> {
  return attempt(async () => {
    const view = await deps.cart.removeCoupon(input.sessionId, input.code);
    return { ok: true as const, view, notice: messages.couponRemoved };
  });
}

import { catalogCache, type CatalogCache } from '../catalog/catalog-cache.ts';
import { catalogRepo } from '../catalog/catalog.repo.ts';
import { TtlCache } from '../platform/cache/ttl-cache.ts';
import { CATALOG_CACHE_TTL_MS } from '../platform/constants/index.ts';
import { findVariation, type Product } from '../catalog/product.ts';
import type { Db, DbKind } from '../platform/db/database.ts';
import { ShopError } from '../platform/errors/shop-error.ts';
import { format, messages } from '../platform/messages/index.ts';
import {
  addToCart,
  cartHash,
  emptyCart,
  findItem,
  priceCart,
  removeItem,
  setItemQuantity,
  type Cart,
  type CartItem,
  type CartTotals,
} from './cart.ts';
import { cartRepo, withCartLock } from './cart.repo.ts';
import { toStoreCart } from './store-api.ts';
import type { StoreCart } from './store-cart.ts';

export interface CartView {
  cart: Cart;
  totals: CartTotals;
  store: StoreCart;
  hash: string;
}

export interface AddRequest {
  productId: number;
  quantity: number;
  /** For a variable product: the variation id, or the chosen attributes to find it by. */
  variationId?: number | undefined;
  attributes?: Record<string, string> | undefined;
}

/**
 * The cart's operations, each one read-change-save in one transaction. Every cart call (ajax,
 * Store API, no-JS links, pages) goes through here.
 */
export function cartService(
  db: Db,
  kind: DbKind,
  paymentMethods: () => string[],
  cache: CatalogCache = catalogCache(),
) {
  // Priced carts by content: identical carts price identically for as long as the catalog cache
  // may be stale, so the busiest call (reading the cart) rarely prices anything.
  const priced = new TtlCache<string, CartView>(CATALOG_CACHE_TTL_MS, 5_000);

  async function view(tx: Db, cart: Cart): Promise<CartView> {
    const key = JSON.stringify(cart);
    const known = priced.get(key);
    if (known) return known;
    const fresh = await price(tx, cart, key);
    priced.set(key, fresh);
    return fresh;
  }

  async function price(tx: Db, cart: Cart, serialised: string): Promise<CartView> {
    const catalog = catalogRepo(tx);
    const products = await cache.productsByIds(
      catalog,
      cart.items.map((item) => item.productId),
    );
    const parentIds = [...products.values()].flatMap((p) =>
      p.parentId === null ? [] : [p.parentId],
    );
    const [parents, coupons, images] = await Promise.all([
      cache.productsByIds(catalog, parentIds),
      cart.coupons.length > 0 ? cartRepo(tx).coupons(cart.coupons) : [],
      cache.imagesOf(catalog, [...products.keys(), ...parentIds]),
    ]);
    const totals = priceCart(cart, products, coupons);
    const store = toStoreCart({ totals, images, parents, paymentMethods: paymentMethods() });
    return { cart, totals, store, hash: cartHash(cart, serialised) };
  }

  async function resolvePurchasable(tx: Db, request: AddRequest): Promise<Product> {
    const catalog = catalogRepo(tx);
    const product = await catalog.productById(request.variationId || request.productId);
    if (!product) throw new ShopError('product_not_found', messages.productNotFound, 404);
    if (
      request.variationId &&
      product.parentId !== request.productId &&
      product.id !== request.productId
    ) {
      throw new ShopError('product_not_found', messages.productNotFound, 404);
    }
    if (product.type !== 'variable') return product;
    const variation =
      request.attributes &&
      findVariation(await catalog.variationsOf(product.id), request.attributes);
    if (!variation) {
      throw new ShopError(
        'variation_required',
        format(messages.chooseVariation, { name: product.name }),
        400,
        {
          product_url: `/product/${product.slug}/`,
        },
      );
    }
    return variation;
  }

  async function change(
    sessionId: string,
    apply: (tx: Db, cart: Cart) => Promise<Cart>,
  ): Promise<CartView> {
    const next = await withCartLock(db, kind, sessionId, async (tx) => {
      const carts = cartRepo(tx);
      const changed = await apply(tx, await carts.load(sessionId));
      await carts.save(sessionId, changed);
      return changed;
    });
    // Priced after the commit: the lock is held only for the change itself.
    return view(db, next);
  }

  return {
    async read(sessionId: string | undefined): Promise<CartView> {
      if (!sessionId) return view(db, emptyCart);
      return view(db, await cartRepo(db).load(sessionId));
    },

    async add(
      sessionId: string,
      request: AddRequest,
    ): Promise<CartView & { item: CartItem; product: Product }> {
      let added: { item: CartItem; product: Product } | undefined;
      const result = await change(sessionId, async (tx, cart) => {
        const product = await resolvePurchasable(tx, request);
        const next = addToCart(cart, product, request.quantity);
        added = { item: next.item, product };
        return next.cart;
      });
      return { ...result, ...added! };
    },

    async setQuantity(sessionId: string, key: string, quantity: number): Promise<CartView> {
      return change(sessionId, async (tx, cart) => {
        const item = findItem(cart, key);
        const product = await catalogRepo(tx).productById(item.productId);
        if (!product) return removeItem(cart, key);
        return setItemQuantity(cart, key, quantity, product);
      });
    },

    async remove(sessionId: string, key: string): Promise<CartView & { removed: CartItem }> {
      let removed: CartItem | undefined;
      const result = await change(sessionId, async (_tx, cart) => {
        removed = findItem(cart, key);
        return removeItem(cart, key);
      });
      return { ...result, removed: removed! };
    },

    async empty(sessionId: string, tx: Db = db): Promise<void> {
      await cartRepo(tx).clear(sessionId);
    },
  };
}

export type CartService = ReturnType<typeof cartService>;

import { catalogCache, type CatalogCache } from '../catalog/catalog-cache.ts';
import { catalogRepo } from '../catalog/catalog.repo.ts';
import { sessionRepo, type Session } from '../platform/session/session.ts';
import { TtlCache } from '../platform/cache/ttl-cache.ts';
import { CATALOG_CACHE_TTL_MS } from '../platform/constants/index.ts';
import { findVariation, type Product } from '../catalog/product-rules.ts';
import type { Db, DbKind } from '../platform/db/database.ts';
import { ShopError } from '../platform/errors/shop-error.ts';
import { moneyFormatter, type MoneyFormat } from '../platform/money/money.ts';
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
  type CartCustomer,
  type CartItem,
  type CartTotals,
  type Charges,
} from './cart-contents.ts';
import { cartRepo, withCartLock } from './cart.repo.ts';
import {
  addCouponCode,
  assertCouponValid,
  customerEmail,
  firstExpiry,
  hasCustomerLimit,
  removeCouponCode,
  requireCouponCode,
  usableCoupons,
  type CouponRefusal,
} from './coupon.ts';
import { toStoreCart } from './store-api.wire.ts';
import type { StoreCart } from './store-api.types.ts';

export interface CartView {
  cart: Cart;
  totals: CartTotals;
  store: StoreCart;
  hash: string;
  /** Coupons the cart holds that give no discount now, and why (also in `store.errors`). */
  couponRefusals: CouponRefusal[];
  /** The currency and locale the cart was priced and written in. */
  money: MoneyFormat;
}

/** The Store API's code for a coupon problem in the cart's `errors`. */
const STORE_COUPON_ERROR = 'woocommerce_rest_cart_coupon_error';

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
export interface CartServiceDeps {
  /** Gateway ids offered at checkout (the Store API's `payment_methods`). */
  paymentMethods: () => string[];
  /** The shop's shipping zones and tax rates. */
  charges: () => Promise<Charges>;
  /** How many of a customer's orders used a coupon (its per-customer limit): checkout's orders. */
  customerCouponUses: (tx: Db, code: string, email: string) => Promise<number>;
  /** The shop's currency and locale (its settings). */
  moneyFormat: () => Promise<MoneyFormat>;
}

export function cartService(
  db: Db,
  kind: DbKind,
  { paymentMethods, charges, customerCouponUses, moneyFormat }: CartServiceDeps,
  cache: CatalogCache = catalogCache(),
) {
  // Priced carts by content: identical carts price identically for as long as the catalog cache
  // may be stale, so the busiest call (reading the cart) rarely prices anything. The content
  // includes the coupon codes, so a changed coupon set is a different key; an entry never
  // outlives the first expiry of a coupon it applied, so expiry is checked against the clock.
  const priced = new TtlCache<string, { view: CartView; validUntil: number | undefined }>(
    CATALOG_CACHE_TTL_MS,
    5_000,
  );

  async function view(tx: Db, cart: Cart): Promise<CartView> {
    const key = JSON.stringify(cart);
    const now = Date.now();
    const known = priced.get(key);
    if (known && (known.validUntil === undefined || now <= known.validUntil)) return known.view;
    const fresh = await price(tx, cart, key, new Date(now));
    priced.set(key, fresh);
    return fresh.view;
  }

  async function price(
    tx: Db,
    cart: Cart,
    serialised: string,
    now: Date,
  ): Promise<{ view: CartView; validUntil: number | undefined }> {
    const catalog = catalogRepo(tx);
    const products = await cache.productsByIds(
      catalog,
      cart.items.map((item) => item.productId),
    );
    const parentIds = [...products.values()].flatMap((p) =>
      p.parentId === null ? [] : [p.parentId],
    );
    const [parents, coupons, images, shopCharges, money] = await Promise.all([
      cache.productsByIds(catalog, parentIds),
      cart.coupons.length > 0 ? cartRepo(tx).coupons(cart.coupons) : [],
      cache.imagesOf(catalog, [...products.keys(), ...parentIds]),
      charges(),
      moneyFormat(),
    ]);
    // Coupons are checked again on every pricing: one whose minimum spend is no longer met (or
    // that expired, or ran out) stays on the cart but gives no discount, and says why.
    const undiscounted = priceCart(cart, products, [], shopCharges);
    const subtotal = undiscounted.subtotal;
    const { usable, refused } = usableCoupons(cart.coupons, coupons, subtotal, now, money);
    const totals =
      usable.length > 0 ? priceCart(cart, products, usable, shopCharges) : undiscounted;
    const storeCart = toStoreCart({
      totals,
      images,
      parents,
      paymentMethods: paymentMethods(),
      currency: moneyFormatter(money).currency,
    });
    const store: StoreCart = {
      ...storeCart,
      errors: [
        ...storeCart.errors,
        ...refused.map((refusal) => ({ code: STORE_COUPON_ERROR, message: refusal.message })),
      ],
    };
    return {
      view: {
        cart,
        totals,
        store,
        hash: cartHash(cart, serialised),
        couponRefusals: refused,
        money,
      },
      validUntil: firstExpiry(usable),
    };
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
    unsavedSession?: Session,
  ): Promise<CartView> {
    const next = await withCartLock(db, kind, sessionId, async (tx) => {
      // A visitor's first write stores their session in the same commit as the cart.
      if (unsavedSession) await sessionRepo(tx).insert(unsavedSession);
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

    /** Adds to the session's cart; `unsavedSession` is a new session to store with it. */
    async add(
      sessionId: string,
      request: AddRequest,
      unsavedSession?: Session,
    ): Promise<CartView & { item: CartItem; product: Product }> {
      let added: { item: CartItem; product: Product } | undefined;
      const result = await change(
        sessionId,
        async (tx, cart) => {
          const product = await resolvePurchasable(tx, request);
          const next = addToCart(cart, product, request.quantity);
          added = { item: next.item, product };
          return next.cart;
        },
        unsavedSession,
      );
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

    /**
     * Applies a coupon code, checked against the cart as it is now (never a memoised price).
     * With a billing email, the coupon's per-customer limit is checked too (otherwise at checkout).
     */
    async applyCoupon(
      sessionId: string,
      code: string,
      billingEmail?: string,
    ): Promise<CartView & { code: string }> {
      const wanted = requireCouponCode(code);
      const email = customerEmail(billingEmail);
      // Read before the cart's transaction: on SQLite it holds the one connection.
      const money = await moneyFormat();
      const result = await change(sessionId, async (tx, cart) => {
        const carts = cartRepo(tx);
        const coupons = await carts.coupons(
          cart.coupons.includes(wanted) ? cart.coupons : [...cart.coupons, wanted],
        );
        const coupon = coupons.find((c) => c.code === wanted);
        const products = await cache.productsByIds(
          catalogRepo(tx),
          cart.items.map((item) => item.productId),
        );
        const customerUses =
          coupon && email && hasCustomerLimit(coupon)
            ? await customerCouponUses(tx, coupon.code, email)
            : undefined;
        const valid = assertCouponValid(coupon, wanted, {
          subtotal: priceCart(cart, products).subtotal,
          now: new Date(),
          customerUses,
          money,
        });
        return {
          ...cart,
          coupons: addCouponCode(
            cart.coupons,
            valid,
            coupons.filter((c) => c.code !== wanted),
          ),
        };
      });
      return { ...result, code: wanted };
    },

    /** Records where the order goes and/or the chosen shipping rate (the order review and cart page). */
    async setCustomer(sessionId: string, customer: CartCustomer): Promise<CartView> {
      return change(sessionId, async (_tx, cart) => ({
        ...cart,
        customer: { ...cart.customer, ...customer },
      }));
    },

    async removeCoupon(sessionId: string, code: string): Promise<CartView> {
      return change(sessionId, async (_tx, cart) => ({
        ...cart,
        coupons: removeCouponCode(cart.coupons, code),
      }));
    },

    async empty(sessionId: string, tx?: Db): Promise<void> {
      if (tx) await cartRepo(tx).clear(sessionId);
      else await db.transaction().execute((own) => cartRepo(own).clear(sessionId));
    },
  };
}

export type CartService = ReturnType<typeof cartService>;

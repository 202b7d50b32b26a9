import { createHash } from 'node:crypto';
import {
  canBeAddedDirectly,
  currentPrice,
  isInStock,
  maxPurchaseQuantity,
  type Product,
} from '../catalog/product-rules.ts';
import { ShopError } from '../platform/errors/shop-error.ts';
import { format, messages } from '../platform/messages/index.ts';
import type { Money } from '../platform/money/money.ts';
import { couponDiscount, type Coupon } from './coupon.ts';
import {
  chooseRate,
  shippingRates,
  type Destination,
  type ShippingRate,
  type ShippingZone,
} from './shipping.ts';
import { computeTax, taxRateFor, type TaxLine, type TaxRate } from './tax.ts';

export interface CartItem {
  /** Stable identity of a line: the same product and options always give the same key. */
  key: string;
  /** The purchasable product: a simple product or a variation. */
  productId: number;
  quantity: number;
  /** A variation's chosen attributes, e.g. { Size: 'M' }. */
  variation: Record<string, string>;
}

/** What the shopper told us about where the order goes, and the shipping rate they chose. */
export interface CartCustomer {
  destination?: Destination;
  shippingRate?: string;
}

export interface Cart {
  items: CartItem[];
  coupons: string[];
  customer?: CartCustomer;
}

export const emptyCart: Cart = { items: [], coupons: [] };

function cartItemKey(productId: number, variation: Record<string, string>): string {
  return createHash('md5')
    .update(JSON.stringify([productId, Object.entries(variation).sort()]))
    .digest('hex');
}

export function itemsCount(cart: Cart): number {
  return cart.items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Changes whenever the cart's contents change: what browsers compare to know their copy is stale. */
export function cartHash(cart: Cart, serialised = JSON.stringify(cart)): string {
  if (cart.items.length === 0 && cart.coupons.length === 0) return '';
  return createHash('md5').update(serialised).digest('hex');
}

function assertQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) {
    throw new ShopError('invalid_quantity', messages.invalidQuantity);
  }
}

function assertWithinStock(product: Product, quantity: number): void {
  const max = maxPurchaseQuantity(product);
  if (quantity <= max) return;
  if (product.stock !== null) {
    throw new ShopError(
      'not_enough_stock',
      format(messages.notEnoughStock, { name: product.name, count: product.stock }),
    );
  }
  throw new ShopError(
    'quantity_too_large',
    format(messages.quantityTooLarge, { name: product.name, max }),
  );
}

/** Adds a quantity of a purchasable product, merging with an existing line. */
export function addToCart(
  cart: Cart,
  product: Product,
  quantity: number,
): { cart: Cart; item: CartItem } {
  assertQuantity(quantity);
  if (!canBeAddedDirectly(product)) {
    throw new ShopError(
      'variation_required',
      format(messages.chooseVariation, { name: product.name }),
    );
  }
  if (!isInStock(product)) {
    throw new ShopError(
      'out_of_stock',
      format(messages.notEnoughStock, { name: product.name, count: 0 }),
    );
  }
  const key = cartItemKey(product.id, product.attributes);
  const existing = cart.items.find((item) => item.key === key);
  const item: CartItem = {
    key,
    productId: product.id,
    quantity: (existing?.quantity ?? 0) + quantity,
    variation: product.attributes,
  };
  assertWithinStock(product, item.quantity);
  const items = existing
    ? cart.items.map((line) => (line.key === key ? item : line))
    : [...cart.items, item];
  return { cart: { ...cart, items }, item };
}

export function findItem(cart: Cart, key: string): CartItem {
  const item = cart.items.find((line) => line.key === key);
  if (!item) throw new ShopError('cart_item_not_found', messages.cartItemNotFound, 404);
  return item;
}

/** Sets a line's quantity; 0 removes the line. */
export function setItemQuantity(cart: Cart, key: string, quantity: number, product: Product): Cart {
  findItem(cart, key);
  if (quantity === 0) return removeItem(cart, key);
  assertQuantity(quantity);
  assertWithinStock(product, quantity);
  return {
    ...cart,
    items: cart.items.map((line) => (line.key === key ? { ...line, quantity } : line)),
  };
}

export function removeItem(cart: Cart, key: string): Cart {
  findItem(cart, key);
  return { ...cart, items: cart.items.filter((line) => line.key !== key) };
}

export interface PricedLine {
  item: CartItem;
  product: Product;
  unitPrice: Money;
  subtotal: Money;
}

export interface CartTotals {
  lines: PricedLine[];
  subtotal: Money;
  discountTotal: Money;
  shippingTotal: Money;
  taxTotal: Money;
  total: Money;
  itemsCount: number;
  needsShipping: boolean;
  coupons: { code: string; discountType: Coupon['discountType']; discount: Money }[];
  /** Where shipping and tax were worked out for: the shopper's, else the shop's base. */
  destination: Destination | null;
  shippingRates: ShippingRate[];
  shippingRate: ShippingRate | null;
  tax: TaxLine | null;
}

/** The shop's shipping zones and tax rates, and where it ships from by default. */
export interface Charges {
  zones: readonly ShippingZone[];
  taxRates: readonly TaxRate[];
  baseDestination: Destination;
}

/**
 * Prices a cart from the catalog's current prices. The server computes every total;
 * a line whose product no longer exists is dropped.
 */
export function priceCart(
  cart: Cart,
  products: ReadonlyMap<number, Product>,
  coupons: readonly Coupon[] = [],
  charges?: Charges,
): CartTotals {
  const lines: PricedLine[] = [];
  for (const item of cart.items) {
    const product = products.get(item.productId);
    if (!product) continue;
    const unitPrice = currentPrice(product);
    lines.push({ item, product, unitPrice, subtotal: unitPrice * item.quantity });
  }
  const subtotal = lines.reduce((sum, line) => sum + line.subtotal, 0);
  let remaining = subtotal;
  const applied = coupons.map((coupon) => {
    const discount = couponDiscount(coupon, remaining);
    remaining -= discount;
    return { code: coupon.code, discountType: coupon.discountType, discount };
  });
  const discountTotal = subtotal - remaining;
  const needsShipping = lines.some(
    (line) => line.product.type !== 'subscription' && line.unitPrice > 0,
  );
  const charged = shippingAndTax(cart.customer, charges, remaining, needsShipping);
  return {
    lines,
    subtotal,
    discountTotal,
    total: remaining + charged.shippingTotal + charged.taxTotal,
    itemsCount: lines.reduce((sum, line) => sum + line.item.quantity, 0),
    needsShipping,
    coupons: applied,
    ...charged,
  };
}

/** Shipping for the destination and the chosen rate, then tax on the discounted items and shipping. */
function shippingAndTax(
  customer: CartCustomer | undefined,
  charges: Charges | undefined,
  itemsAfterDiscounts: Money,
  needsShipping: boolean,
) {
  if (!charges)
    return {
      destination: null,
      shippingRates: [],
      shippingRate: null,
      tax: null,
      shippingTotal: 0,
      taxTotal: 0,
    };
  const destination = customer?.destination ?? charges.baseDestination;
  const rates = needsShipping ? shippingRates(charges.zones, destination, itemsAfterDiscounts) : [];
  const shippingRate = chooseRate(rates, customer?.shippingRate);
  const shippingTotal = shippingRate?.cost ?? 0;
  const rate = taxRateFor(charges.taxRates, destination);
  const tax = computeTax(rate, itemsAfterDiscounts, shippingTotal);
  return {
    destination,
    shippingRates: rates,
    shippingRate,
    tax,
    shippingTotal,
    taxTotal: tax?.amount ?? 0,
  };
}

/**
 * The cart as WooCommerce's Store API shapes it (CONTRACT §2): the one form every cart widget in
 * the browser renders from. Amounts are strings of minor units.
 */
export interface StoreCartImage {
  id: number;
  src: string;
  thumbnail: string;
  srcset: string;
  sizes: string;
  name: string;
  alt: string;
}

/** The currency fields the Store API repeats on prices and totals. */
export interface StoreCurrency {
  currency_code: string;
  currency_symbol: string;
  currency_minor_unit: number;
  currency_decimal_separator: string;
  currency_thousand_separator: string;
  currency_prefix: string;
  currency_suffix: string;
}

export interface StorePrices extends StoreCurrency {
  price: string;
  regular_price: string;
  sale_price: string;
}

export interface StoreCartItem {
  key: string;
  id: number;
  type: string;
  quantity: number;
  quantity_limits: { minimum: number; maximum: number; multiple_of: number; editable: boolean };
  name: string;
  short_description: string;
  sku: string;
  permalink: string;
  images: StoreCartImage[];
  variation: { attribute: string; value: string }[];
  prices: StorePrices;
  totals: {
    line_subtotal: string;
    line_subtotal_tax: string;
    line_total: string;
    line_total_tax: string;
    currency_code: string;
    currency_minor_unit: number;
  };
}

export interface StoreCartTotals extends StoreCurrency {
  total_items: string;
  total_items_tax: string;
  total_fees: string;
  total_discount: string;
  total_discount_tax: string;
  total_shipping: string | null;
  total_shipping_tax: string | null;
  total_price: string;
  total_tax: string;
  total_refund: string;
  tax_lines: { name: string; price: string; rate: string }[];
}

export interface StoreCart {
  items: StoreCartItem[];
  coupons: {
    code: string;
    discount_type: string;
    totals: { total_discount: string; currency_code: string; currency_minor_unit: number };
  }[];
  totals: StoreCartTotals;
  items_count: number;
  items_weight: number;
  needs_payment: boolean;
  needs_shipping: boolean;
  has_calculated_shipping: boolean;
  shipping_rates: StoreShippingPackage[];
  payment_methods: string[];
  errors: { code: string; message: string }[];
}

export interface StoreShippingRate extends StoreCurrency {
  rate_id: string;
  name: string;
  description: string;
  delivery_time: string;
  price: string;
  taxes: string;
  instance_id: number;
  method_id: string;
  meta_data: unknown[];
  selected: boolean;
}

export interface StoreShippingPackage {
  package_id: number;
  name: string;
  destination: {
    address_1: string;
    address_2: string;
    city: string;
    state: string;
    postcode: string;
    country: string;
  };
  items: { key: string; name: string; quantity: number }[];
  shipping_rates: StoreShippingRate[];
}

/** Minor-unit string -> number, for rendering. */
export function minor(amount: string | null | undefined): number {
  return amount ? Number(amount) : 0;
}

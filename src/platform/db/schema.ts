import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The shop's tables. Money columns are integer minor units; times are ISO-8601 UTC text;
 * booleans are 0/1 integers; `*_json` columns hold JSON text. The same shapes on SQLite and PostgreSQL.
 */
export interface Database {
  settings: SettingsTable;
  categories: CategoriesTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  reviews: ReviewsTable;
  coupons: CouponsTable;
  customers: CustomersTable;
  sessions: SessionsTable;
  carts: CartsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  tp_payment_methods: TpPaymentMethodsTable;
  tp_payment_intents: TpPaymentIntentsTable;
  tp_idempotency: TpIdempotencyTable;
}

export interface SettingsTable {
  name: string;
  value: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
}

export interface ProductsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  /** simple | variable | variation | subscription */
  type: string;
  parent_id: number | null;
  category_id: number | null;
  sku: string;
  description: string;
  short_description: string;
  regular_price: number;
  sale_price: number | null;
  /** null: stock not tracked. */
  stock: number | null;
  /** e.g. `month` for a subscription. */
  billing_period: string | null;
  /** variation: {"Size":"S"}; variable: {"Size":["S","M","L"]} */
  attributes_json: string;
  menu_order: number;
  total_sales: number;
  rating_sum: number;
  rating_count: number;
  weight_grams: number | null;
  dimensions: string | null;
  created_at: string;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  /** Base name of the generated files under media/. */
  file: string;
  alt: string;
  caption: string;
  width: number;
  height: number;
}

export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  author: string;
  email: string;
  rating: number;
  content: string;
  verified: number;
  created_at: string;
}

export interface CouponsTable {
  code: string;
  /** percent | fixed_cart */
  discount_type: string;
  /** percent: whole percent; fixed_cart: minor units */
  amount: number;
  expires_at: string | null;
  minimum_spend: number | null;
  usage_limit: number | null;
  usage_count: number;
  usage_limit_per_customer: number | null;
  individual_use: number;
}

export interface CustomersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  created_at: string;
}

export interface SessionsTable {
  id: string;
  customer_id: number | null;
  /** Notices waiting to be shown on the visitor's next page: [{ type, text }]. */
  notices_json: string;
  created_at: string;
  expires_at: string;
}

export interface CartsTable {
  session_id: string;
  items_json: string;
  coupons_json: string;
  updated_at: string;
}

export interface OrdersTable {
  id: Generated<number>;
  order_key: string;
  /** pending | processing | on-hold | completed | failed | cancelled */
  status: string;
  customer_id: number | null;
  session_id: string | null;
  currency: string;
  billing_json: string;
  shipping_json: string;
  payment_method: string;
  payment_method_title: string;
  transaction_id: string | null;
  subtotal: number;
  discount_total: number;
  shipping_total: number;
  tax_total: number;
  total: number;
  coupons_json: string;
  customer_note: string;
  created_at: string;
  paid_at: string | null;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  name: string;
  sku: string;
  quantity: number;
  unit_price: number;
  subtotal: number;
  total: number;
}

export interface TpPaymentMethodsTable {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** Which behaviour of the test cards this method has; never the card number. */
  test_outcome: string;
  billing_json: string;
  created_at: string;
}

export interface TpPaymentIntentsTable {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: string;
  payment_method: string | null;
  capture_method: string;
  metadata_json: string;
  last_payment_error_json: string | null;
  description: string | null;
  created_at: string;
}

export interface TpIdempotencyTable {
  key: string;
  request_hash: string;
  status_code: number;
  response_json: string;
  created_at: string;
}

export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;

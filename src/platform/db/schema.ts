import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { FormsDatabase } from './schema-forms.ts';

/**
 * The shop's tables. Money columns are integer minor units; times are ISO-8601 UTC text;
 * booleans are 0/1 integers; `*_json` columns hold JSON text. The same shapes on SQLite and PostgreSQL.
 */
export interface Database extends FormsDatabase {
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
  shipping_zones: ShippingZonesTable;
  shipping_methods: ShippingMethodsTable;
  tax_rates: TaxRatesTable;
  payment_events: PaymentEventsTable;
  rate_limits: RateLimitsTable;
  job_leases: JobLeasesTable;
  order_notes: OrderNotesTable;
  account_tokens: AccountTokensTable;
  saved_carts: SavedCartsTable;
  content_blocks: ContentBlocksTable;
  faq_groups: FaqGroupsTable;
  faq_entries: FaqEntriesTable;
  customer_meta: CustomerMetaTable;
  order_attribution: OrderAttributionTable;
  mail_queue: MailQueueTable;
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
  /** Approved reviews' ratings (a review without a rating is not counted here). */
  rating_sum: number;
  rating_count: number;
  /** Approved reviews, rated or not. */
  review_count: Generated<number>;
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
  /** approved | hold */
  status: Generated<string>;
  /** The reviewer's account, when they were logged in. */
  customer_id: number | null;
  author_ip: string | null;
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
  /** The name the site shows; '' until the customer chooses one. */
  display_name: Generated<string>;
  /** The addresses kept in my-account: the checkout's keys (`first_name`, `postcode`, ...). */
  billing_json: string | null;
  shipping_json: string | null;
  addresses_updated_at: string | null;
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
  /** The shopper's destination and chosen shipping rate: { destination, shippingRate }. */
  customer_json: Generated<string>;
  /** Set while a checkout of this cart is being placed (a double submit is refused). */
  checkout_started_at: string | null;
  /** Whose checkout attempt holds the claim: `{server id}:{attempt id}`. */
  checkout_holder: string | null;
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
  /** The payment intent made for this order (deferred-intent and redirect flows). */
  payment_intent_id: string | null;
  /** What the shopper needs after paying, e.g. a voucher's number and expiry. */
  payment_details_json: string | null;
  /** While a payment attempt runs: when its lock runs out (ISO-8601 UTC); null otherwise. */
  payment_locked_until: string | null;
  /** When the unpaid order last took its stock (ISO-8601 UTC); the hold counts from here. */
  stock_held_at: string | null;
  /** Whose payment attempt holds `payment_locked_until`: `{server id}:{attempt id}`. */
  payment_lock_holder: string | null;
  /** Where the order came from: checkout (the cart) or form (a paid form entry). */
  source: Generated<string>;
  /** What it came from there: the form entry's id. */
  source_ref: string | null;
}

export interface ShippingZonesTable {
  id: Generated<number>;
  name: string;
  position: number;
  /** ISO country codes; [] matches every country no other zone covers. */
  countries_json: string;
}

export interface ShippingMethodsTable {
  id: Generated<number>;
  zone_id: number;
  /** flat_rate | free_shipping | local_pickup */
  kind: string;
  title: string;
  cost: number;
  /** free_shipping: the order amount (after discounts) from which it applies. */
  min_amount: number | null;
  position: number;
  enabled: number;
}

export interface TaxRatesTable {
  id: Generated<number>;
  country: string;
  /** '' matches every state of the country. */
  state: string;
  /** Hundredths of a percent: 2000 is 20 %. */
  rate: number;
  label: string;
  applies_to_shipping: number;
}

/** Payment-provider webhook events already handled, so a redelivery changes nothing. */
export interface PaymentEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  /** null: not a catalogue product (a form's item). */
  product_id: number | null;
  name: string;
  sku: string;
  quantity: number;
  unit_price: number;
  subtotal: number;
  total: number;
}

/** Fixed-window request counters (card-testing protection), shared by every app server. */
export interface RateLimitsTable {
  bucket: string;
  window_start: string;
  hits: number;
  expires_at: string;
}

export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type OrderRow = Selectable<OrdersTable>;

/** A job's (or an app server's heartbeat) lease: who holds it and until when. */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

export interface OrderNotesTable {
  id: Generated<number>;
  order_id: number;
  note: string;
  created_at: string;
}

/** A link the shop mailed, kept as the SHA-256 of its token: usable once, until it expires. */
export interface AccountTokensTable {
  token_hash: string;
  /** registration | password_reset | email_change */
  purpose: string;
  customer_id: number | null;
  email: string;
  password_hash: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** A logged-in customer's cart, kept in step with their session's cart. */
export interface SavedCartsTable {
  customer_id: number;
  items_json: string;
  coupons_json: string;
  customer_json: Generated<string>;
  updated_at: string;
}

/** The home page's story and its why, spread, team and news slides (migration 013). */
export interface ContentBlocksTable {
  id: Generated<number>;
  /** story | why | spread | team | news */
  section: string;
  position: number;
  title: string;
  subtitle: string;
  body: string;
  /** News: YYYY-MM-DD. */
  published_on: string | null;
}

export interface FaqGroupsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  position: number;
}

export interface FaqEntriesTable {
  id: Generated<number>;
  group_id: number;
  position: number;
  question: string;
  answer: string;
}

/** What the shop keeps per customer account (WordPress's user meta). */
export interface CustomerMetaTable {
  customer_id: number;
  meta_key: string;
  meta_value: string;
}

/** Where an order's shopper came from (WooCommerce's `_wc_order_attribution_*`). */
export interface OrderAttributionTable {
  order_id: number;
  source_type: string;
  referrer: string;
  utm_campaign: string;
  utm_source: string;
  utm_medium: string;
  utm_content: string;
  utm_term: string;
  session_entry: string;
  session_start_time: string;
  session_pages: number | null;
  session_count: number | null;
  user_agent: string;
  device_type: string;
}

/** A mail to send (src/platform/mail): queued with its event, claimed and sent after commit. */
export interface MailQueueTable {
  id: Generated<number>;
  /** Unique per event (`order:12:new`): queuing it again changes nothing. */
  mail_key: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text_body: string;
  /** 1: the body holds a secret (a reset link) and is erased once the mail is sent or given up. */
  sensitive: number;
  /** The Message-ID's local part: the same on every try, so a repeated delivery is recognisable. */
  message_token: string;
  /** queued | sent | failed */
  status: string;
  attempts: number;
  /** When it may next be claimed (ISO-8601 UTC): the end of a lease, or of a retry's wait. */
  available_at: string;
  /** Who claimed it last: `{server id}:{sender run}`. */
  holder: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

import { sql, type Kysely } from 'kysely';
import type { MigrationKind } from './columns.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Reviews written by shoppers (issue 14):
 * - `reviews.status`: `approved` (shown, counted in the product's rating) or `hold` (a review
 *   with a link, waiting for the shop owner);
 * - `reviews.customer_id`: the reviewer's account, when logged in; `reviews.author_ip`;
 * - one review per product and e-mail address, and per product and customer (unique indexes,
 *   so two posts at the same moment cannot both land);
 * - `products.review_count`: approved reviews, rated or not (`rating_count` counts ratings).
 * E-mail addresses are kept lower-cased, so the index compares them as people do.
 */
export async function up(db: AnyDb, _kind: MigrationKind): Promise<void> {
  await db.schema
    .alterTable('reviews')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('approved'))
    .execute();
  await db.schema.alterTable('reviews').addColumn('customer_id', 'integer').execute();
  await db.schema.alterTable('reviews').addColumn('author_ip', 'text').execute();
  await db
    .updateTable('reviews')
    .set({ email: sql`lower(email)` })
    .execute();
  await db.schema
    .createIndex('reviews_product_email')
    .on('reviews')
    .columns(['product_id', 'email'])
    .unique()
    .execute();
  await db.schema
    .createIndex('reviews_product_customer')
    .on('reviews')
    .columns(['product_id', 'customer_id'])
    .unique()
    .where(sql.ref('customer_id'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('reviews_product_status_created')
    .on('reviews')
    .columns(['product_id', 'status', 'created_at'])
    .execute();

  await db.schema
    .alterTable('products')
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('products')
    .set({
      review_count: sql`(select count(*) from reviews where reviews.product_id = products.id and reviews.status = 'approved')`,
    })
    .execute();
}

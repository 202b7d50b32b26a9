import type { Db } from '../platform/db/database.ts';
import type { Review, ReviewStatus } from './reviews.ts';

export interface NewReview {
  productId: number;
  author: string;
  /** Lower-cased (reviews.ts `reviewEmail`). */
  email: string;
  customerId: number | null;
  rating: number;
  content: string;
  verified: boolean;
  status: ReviewStatus;
  authorIp: string;
  createdAt: string;
}

/** WooCommerce's paid order statuses: a customer with one of these bought what it holds. */
const PAID_STATUSES = ['processing', 'completed'];

const reviewColumns = ['id', 'author', 'rating', 'content', 'verified', 'created_at'] as const;

function toReview(row: {
  id: number;
  author: string;
  rating: number;
  content: string;
  verified: number;
  created_at: string;
}): Review {
  return {
    id: row.id,
    author: row.author,
    rating: row.rating,
    content: row.content,
    verified: row.verified === 1,
    createdAt: row.created_at,
  };
}

/** An approved review in its product's totals: one more review, and one more rating if rated. */
async function countInProduct(tx: Db, productId: number, rating: number): Promise<void> {
  await tx
    .updateTable('products')
    .set((eb) => ({
      review_count: eb('review_count', '+', 1),
      rating_count: eb('rating_count', '+', rating > 0 ? 1 : 0),
      rating_sum: eb('rating_sum', '+', rating),
    }))
    .where('id', '=', productId)
    .execute();
}

export function reviewsRepo(db: Db) {
  return {
    /** Approved reviews, newest first. */
    async approved(productId: number, limit: number, offset: number): Promise<Review[]> {
      const rows = await db
        .selectFrom('reviews')
        .select(reviewColumns)
        .where('product_id', '=', productId)
        .where('status', '=', 'approved')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map(toReview);
    },

    /** A review waiting for approval, with the address its author gave. */
    async held(
      productId: number,
      reviewId: number,
    ): Promise<(Review & { email: string }) | undefined> {
      const row = await db
        .selectFrom('reviews')
        .select([...reviewColumns, 'email'])
        .where('id', '=', reviewId)
        .where('product_id', '=', productId)
        .where('status', '=', 'hold')
        .executeTakeFirst();
      return row && { ...toReview(row), email: row.email };
    },

    /** Whether this address (or this customer) already reviewed the product. */
    async hasReviewed(
      productId: number,
      who: { email: string; customerId: number | null },
    ): Promise<boolean> {
      const row = await db
        .selectFrom('reviews')
        .select('id')
        .where('product_id', '=', productId)
        .where((eb) =>
          who.customerId === null
            ? eb('email', '=', who.email)
            : eb.or([eb('email', '=', who.email), eb('customer_id', '=', who.customerId)]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the customer has a paid order holding the product (or one of its variations). */
    async customerBought(customerId: number, productId: number): Promise<boolean> {
      const row = await db
        .selectFrom('order_items')
        .innerJoin('orders', 'orders.id', 'order_items.order_id')
        .select('order_items.id')
        .where('orders.customer_id', '=', customerId)
        .where('orders.status', 'in', PAID_STATUSES)
        .where((eb) =>
          eb.or([
            eb('order_items.product_id', '=', productId),
            eb(
              'order_items.product_id',
              'in',
              eb.selectFrom('products').select('id').where('parent_id', '=', productId),
            ),
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Approves a held review and counts it in its product's totals, in one transaction; false
     * when there is no such review waiting (already approved, or never held): nothing is counted
     * twice.
     */
    async approve(reviewId: number): Promise<boolean> {
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .updateTable('reviews')
          .set({ status: 'approved' })
          .where('id', '=', reviewId)
          .where('status', '=', 'hold')
          .returning(['product_id', 'rating'])
          .executeTakeFirst();
        if (!row) return false;
        await countInProduct(tx, row.product_id, row.rating);
        return true;
      });
    },

    /**
     * Stores a review and, when it is approved, counts it in the product's totals, in one
     * transaction. Undefined when the product already has a review from this address or
     * customer (the unique indexes decide, so two posts at once cannot both land).
     */
    async add(review: NewReview): Promise<{ id: number } | undefined> {
      return db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('reviews')
          .values({
            product_id: review.productId,
            author: review.author,
            email: review.email,
            customer_id: review.customerId,
            rating: review.rating,
            content: review.content,
            verified: review.verified ? 1 : 0,
            status: review.status,
            author_ip: review.authorIp,
            created_at: review.createdAt,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) return undefined;
        if (review.status === 'approved') await countInProduct(tx, review.productId, review.rating);
        return { id: row.id };
      });
    },
  };
}

export type ReviewsRepo = ReturnType<typeof reviewsRepo>;

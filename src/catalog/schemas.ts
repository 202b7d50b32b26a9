import { z } from 'zod';
import { REVIEW_AUTHOR_MAX_LENGTH, REVIEW_MAX_LENGTH } from '../platform/constants/index.ts';
import { recordId, wholeNumber } from '../platform/http/validation.ts';

/** The typed input of the catalog's one write: posting a review. */
export const postReviewInput = z.object({
  productId: recordId,
  /** 1 to 5, or null when no star was chosen. */
  rating: wholeNumber(1, 5).nullable(),
  content: z.string().max(REVIEW_MAX_LENGTH),
  /** A guest's name and address; a logged-in customer's come from their account. */
  author: z.string().max(REVIEW_AUTHOR_MAX_LENGTH),
  email: z.string().max(254),
});
export type PostReviewInput = z.infer<typeof postReviewInput>;

/**
 * The review form as browsers post it (WordPress's comment form names): `comment_post_ID`,
 * `rating` (empty when no star is chosen), `comment`, `author`, `email`, `_wpnonce`.
 */
export const reviewFormFields = z
  .looseObject({
    comment_post_ID: recordId,
    rating: z.union([z.literal('').transform(() => null), wholeNumber(1, 5)]).default(null),
    comment: z.string().max(REVIEW_MAX_LENGTH).default(''),
    author: z.string().max(REVIEW_AUTHOR_MAX_LENGTH).default(''),
    email: z.string().max(254).default(''),
    _wpnonce: z.string().max(64).optional(),
  })
  .transform((form): PostReviewInput & { nonce: string | undefined } => ({
    productId: form.comment_post_ID,
    rating: form.rating,
    content: form.comment,
    author: form.author,
    email: form.email,
    nonce: form._wpnonce,
  }));

import { data, redirect } from 'react-router';
import type { PageContext } from '../../page-context.ts';
import { messages } from '../../platform/messages/index.ts';
import { REVIEW_NONCE } from '../nonces.ts';
import { postReview, type PostReviewResult, type ReviewPoster } from '../operations.ts';
import { reviewPermalink, type ReviewField } from '../reviews.ts';
import { reviewFormFields } from '../schemas.ts';

/** A refused review post, as the page shows it: what went wrong, where, and what was typed. */
export interface ReviewRefusal {
  message: string;
  field?: ReviewField;
  values: Record<string, string>;
  /** A fresh nonce for the next try (the page's may belong to another session by now). */
  nonce: string;
}

const refusalStatus: Record<Extract<PostReviewResult, { ok: false }>['reason'], number> = {
  not_found: 404,
  invalid: 400,
  verified_only: 403,
  rate_limited: 429,
  duplicate: 409,
};

/** What the shopper typed, given back to the form (never the nonce). */
function typed(fields: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of ['rating', 'comment', 'author', 'email']) {
    const value = fields[name];
    if (typeof value === 'string') kept[name] = value.slice(0, 5000);
  }
  return kept;
}

/** The logged-in customer, as a review names them: their name, else their address's name. */
async function posterOf(context: PageContext): Promise<ReviewPoster> {
  const customerId = context.session?.customerId ?? null;
  const customer =
    customerId === null ? undefined : await context.shop.accounts.customers.findById(customerId);
  const ip = context.request.clientIp;
  if (!customer) return { customer: null, ip };
  const name = `${customer.firstName} ${customer.lastName}`.trim() || customer.email.split('@')[0]!;
  return { customer: { id: customer.id, name, email: customer.email }, ip };
}

/**
 * The review form's post (the product page's action when `comment_post_ID` is sent): checked by
 * its nonce, then `postReview`. Posted: 303 to the review (`#comment-N`), or, held, to the page
 * that shows it to its author. Refused: the page again, with the message and what was typed.
 */
export async function reviewDoor(context: PageContext, fields: Record<string, string>) {
  const refuse = async (status: number, message: string, field?: ReviewField) => {
    const nonce = await context.request.createNonce(REVIEW_NONCE);
    const review: ReviewRefusal = {
      message,
      values: typed(fields),
      nonce,
      ...(field && { field }),
    };
    return data({ review }, { status });
  };
  const parsed = reviewFormFields.safeParse(fields);
  if (!parsed.success) return refuse(400, messages.badRequest);
  const { nonce, ...input } = parsed.data;
  if (!(await context.request.verifyNonce(REVIEW_NONCE, nonce)))
    return refuse(403, messages.reviewExpired);
  const posted = await postReview(context.shop.catalogOperations, input, await posterOf(context));
  if (!posted.ok) return refuse(refusalStatus[posted.reason], posted.message, posted.field);
  // As WordPress's comment cookies do: the reviewer's next pages are rendered for them, never
  // answered from a cache that predates their review.
  await context.ensureSession();
  const hash = posted.moderationHash;
  const target = { id: posted.reviewId, status: posted.status, ...(hash && { hash }) };
  return redirect(reviewPermalink(posted.productSlug, target), 303);
}

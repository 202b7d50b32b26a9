import { REVIEW_RATE_LIMIT } from '../platform/constants/index.ts';
import type { Db } from '../platform/db/database.ts';
import { messages } from '../platform/messages/index.ts';
import { rateLimiter, type RateLimiter } from '../platform/rate-limit/rate-limit.service.ts';
import type { SettingsStore } from '../platform/settings/settings.ts';
import type { CatalogRepo } from './catalog.repo.ts';
import {
  parseProductPageSettings,
  productPageSettingNames,
  type ProductPageSettings,
} from './product-page-settings.ts';
import { reviewsRepo, type ReviewsRepo } from './reviews.repo.ts';
import {
  moderationHash,
  reviewEmail,
  reviewProblem,
  statusFor,
  type Reviewer,
  type ReviewField,
  type ReviewStatus,
} from './reviews.ts';
import type { PostReviewInput } from './schemas.ts';

/** What the catalog's operations use: its tables, the shop's options and the one rate limiter. */
export interface CatalogOperationDeps {
  catalog: CatalogRepo;
  reviews: ReviewsRepo;
  reviewLimiter: RateLimiter;
  productPageSettings(): Promise<ProductPageSettings>;
  /** Signs held reviews' moderation links. */
  secret: string;
  now(): Date;
}

export function catalogOperationDeps(
  db: Db,
  catalog: CatalogRepo,
  settings: SettingsStore,
  secret: string,
): CatalogOperationDeps {
  const names = Object.values(productPageSettingNames);
  return {
    catalog,
    reviews: reviewsRepo(db),
    reviewLimiter: rateLimiter(db, 'review'),
    productPageSettings: async () => parseProductPageSettings(await settings.options(names)),
    secret,
    now: () => new Date(),
  };
}

/** Who posts: their account (logged in) or nobody, and the address they post from. */
export interface ReviewPoster {
  customer: { id: number; name: string; email: string } | null;
  ip: string;
}

export type PostReviewResult =
  | {
      ok: true;
      reviewId: number;
      status: ReviewStatus;
      productSlug: string;
      /** For a held review: what lets its author see it (`moderation-hash`). */
      moderationHash?: string;
    }
  | {
      ok: false;
      reason: 'not_found' | 'invalid' | 'verified_only' | 'rate_limited' | 'duplicate';
      message: string;
      field?: ReviewField;
    };

function reviewerOf(input: PostReviewInput, poster: ReviewPoster): Reviewer {
  const { customer } = poster;
  if (customer)
    return {
      kind: 'customer',
      customerId: customer.id,
      name: customer.name,
      email: customer.email,
    };
  return { kind: 'guest', name: input.author.trim(), email: input.email.trim() };
}

/**
 * Posts a review (seed 000 §5, issue 14): the rating when the shop requires one, the text, a
 * guest's name and address; then one post per IP in a window, one review per product and
 * address (or customer); a review with a link waits for approval; a customer who bought the
 * product is its verified owner. An approved review counts in the product's rating at once.
 */
export async function postReview(
  deps: CatalogOperationDeps,
  input: PostReviewInput,
  poster: ReviewPoster,
): Promise<PostReviewResult> {
  const product = await deps.catalog.productById(input.productId);
  if (!product || product.parentId !== null)
    return { ok: false, reason: 'not_found', message: messages.reviewProductMissing };
  const settings = await deps.productPageSettings();
  const reviewer = reviewerOf(input, poster);
  const draft = { rating: input.rating, content: input.content, reviewer };
  const problem = reviewProblem(draft, { ratingRequired: settings.reviewRatingRequired });
  if (problem) return { ok: false, reason: 'invalid', ...problem };

  const customerId = reviewer.kind === 'customer' ? reviewer.customerId : null;
  const bought = customerId !== null && (await deps.reviews.customerBought(customerId, product.id));
  if (settings.verifiedOwnersOnly && !bought)
    return { ok: false, reason: 'verified_only', message: messages.reviewVerifiedOnly };

  const verdict = await deps.reviewLimiter.attempt([
    { kind: 'ip', subject: poster.ip, limit: REVIEW_RATE_LIMIT.perIp },
  ]);
  if (!verdict.allowed)
    return { ok: false, reason: 'rate_limited', message: messages.reviewTooFast };

  const email = reviewEmail(reviewer.email);
  const duplicate = { ok: false, reason: 'duplicate', message: messages.reviewDuplicate } as const;
  if (await deps.reviews.hasReviewed(product.id, { email, customerId })) return duplicate;
  const status = statusFor(draft);
  const added = await deps.reviews.add({
    productId: product.id,
    author: reviewer.name.trim(),
    email,
    customerId,
    rating: input.rating ?? 0,
    content: input.content,
    verified: bought,
    status,
    authorIp: poster.ip,
    createdAt: deps.now().toISOString(),
  });
  if (!added) return duplicate;
  return {
    ok: true,
    reviewId: added.id,
    status,
    productSlug: product.slug,
    ...(status === 'hold' && { moderationHash: moderationHash(deps.secret, added.id, email) }),
  };
}

/**
 * The shop owner approves a held review (no admin screen yet: a door to come calls this): it is
 * shown from now on and counted in the product's rating. False when nothing was waiting.
 */
export async function approveReview(
  deps: CatalogOperationDeps,
  reviewId: number,
): Promise<boolean> {
  return deps.reviews.approve(reviewId);
}

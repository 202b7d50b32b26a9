import { isEmailAddress } from '../platform/mail/email-address.ts';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { messages } from '../platform/messages/index.ts';

/** A review as the product page shows it. Its text is kept as written and shown as text. */
export interface Review {
  id: number;
  author: string;
  /** 1 to 5; 0 when the reviewer gave none (only where ratings are optional). */
  rating: number;
  content: string;
  verified: boolean;
  createdAt: string;
}

/** `approved`: shown and counted; `hold`: waiting for the shop owner, shown to its author only. */
export type ReviewStatus = 'approved' | 'hold';

/** Who writes a review: a logged-in customer (their account's name and address) or a guest. */
export type Reviewer =
  | { kind: 'customer'; customerId: number; name: string; email: string }
  | { kind: 'guest'; name: string; email: string };

export interface ReviewDraft {
  rating: number | null;
  content: string;
  reviewer: Reviewer;
}

export type ReviewField = 'rating' | 'comment' | 'author' | 'email';
export interface ReviewProblem {
  field: ReviewField;
  message: string;
}

const LINK =
  /(?:\b(?:https?|ftp):\/\/|\bwww\.[a-z0-9-]|<a\b[^>]*\bhref|\[url\b|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}\/\S)/i;

/** Whether a text holds a link (a URL, `www.`, a host with a path, an HTML or BBCode link). */
export function holdsLink(text: string): boolean {
  return LINK.test(text);
}

/** Reviews with links wait for the shop owner (WordPress's `comment_max_links` held at one). */
export function statusFor(draft: Pick<ReviewDraft, 'content' | 'reviewer'>): ReviewStatus {
  return holdsLink(draft.content) || holdsLink(draft.reviewer.name) ? 'hold' : 'approved';
}

/** Addresses are compared without case or surrounding space: one review per address. */
export function reviewEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * What is wrong with a review before it is stored, first problem first: the rating (seed 000
 * §5: required when the shop says so), the text, and a guest's name and address.
 */
export function reviewProblem(
  draft: ReviewDraft,
  rules: { ratingRequired: boolean },
): ReviewProblem | undefined {
  if (draft.rating === null && rules.ratingRequired)
    return { field: 'rating', message: messages.ratingRequired };
  if (draft.content.trim() === '')
    return { field: 'comment', message: messages.reviewTextRequired };
  if (draft.reviewer.kind === 'guest') {
    if (draft.reviewer.name.trim() === '')
      return { field: 'author', message: messages.reviewAuthorRequired };
    if (draft.reviewer.email.trim() === '')
      return { field: 'email', message: messages.reviewAuthorRequired };
    if (!isEmailAddress(draft.reviewer.email.trim()))
      return { field: 'email', message: messages.reviewEmailInvalid };
  }
  return undefined;
}

/**
 * Lets the author of a held review see it on the page they are sent back to (WordPress's
 * `moderation-hash`): the review's id and address signed with the shop's secret.
 */
export function moderationHash(secret: string, reviewId: number, address: string): string {
  return createHmac('sha256', secret)
    .update(`review-moderation|${reviewId}|${reviewEmail(address)}`)
    .digest('hex')
    .slice(0, 16);
}

export function isModerationHash(
  secret: string,
  reviewId: number,
  address: string,
  hash: string,
): boolean {
  const expected = Buffer.from(moderationHash(secret, reviewId, address));
  const given = Buffer.from(hash);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Where the shopper lands after posting: their review, or (held) their review for them alone. */
export function reviewPermalink(
  slug: string,
  posted: { id: number; status: ReviewStatus; hash?: string },
): string {
  const page = `/product/${slug}/`;
  if (posted.status === 'approved') return `${page}#comment-${posted.id}`;
  return `${page}?unapproved=${posted.id}&moderation-hash=${posted.hash ?? ''}#comment-${posted.id}`;
}

export interface ReviewPage {
  items: Review[];
  page: number;
  totalPages: number;
}

/** Which page of reviews to read: pages past the last show the last one. */
export function reviewWindow(total: number, page: number, perPage: number) {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), totalPages);
  return { page: current, totalPages, offset: (current - 1) * perPage, limit: perPage };
}

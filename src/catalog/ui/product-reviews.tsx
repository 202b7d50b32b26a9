import { catalogMessages } from '../../platform/messages/catalog.ts';
import { format } from '../../platform/messages/format.ts';
import { formatDate } from '../../ui/dates.ts';
import type { Review } from '../reviews.ts';
import { ReviewForm, type ReviewFormProps } from './review-form.tsx';
import { StarRating } from './star-rating.tsx';

export interface ReviewsData {
  items: Review[];
  page: number;
  totalPages: number;
  /** Approved reviews in all. */
  total: number;
  /** The visitor's own review waiting for approval (arrived at through its moderation link). */
  held: Review | null;
  showVerifiedLabel: boolean;
}

/** One review, as WooCommerce lists it. Its text is React text: whatever it holds is shown as text. */
function ReviewItem({
  review,
  showVerifiedLabel,
  held = false,
}: {
  review: Review;
  showVerifiedLabel: boolean;
  held?: boolean;
}) {
  return (
    <li id={`li-comment-${review.id}`} className={`review${held ? ' review-held' : ''}`}>
      <article id={`comment-${review.id}`} className="comment_container" tabIndex={-1}>
        {review.rating > 0 && <StarRating rating={review.rating} digits={0} />}
        <p className="meta">
          <strong className="woocommerce-review__author">{review.author}</strong>
          {showVerifiedLabel && review.verified && (
            <em className="woocommerce-review__verified verified">
              {' '}
              ({catalogMessages.verifiedOwner})
            </em>
          )}{' '}
          <span aria-hidden="true">–</span>{' '}
          <time className="woocommerce-review__published-date" dateTime={review.createdAt}>
            {formatDate(review.createdAt)}
          </time>
        </p>
        {held && (
          <p className="woocommerce-review__awaiting-approval" role="status">
            {catalogMessages.reviewAwaitingApproval}
          </p>
        )}
        <div className="description">
          {review.content.split(/\r?\n\s*\r?\n/).map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      </article>
    </li>
  );
}

/** `?cpage=N#reviews` links; page 1 is the page itself. */
function ReviewPages({
  path,
  page,
  totalPages,
}: {
  path: string;
  page: number;
  totalPages: number;
}) {
  if (totalPages <= 1) return null;
  const href = (n: number) => (n === 1 ? `${path}#reviews` : `${path}?cpage=${n}#reviews`);
  return (
    <nav className="woocommerce-pagination review-pages" aria-label={catalogMessages.reviewsPages}>
      <ul>
        {page > 1 && (
          <li>
            <a className="prev page-numbers" href={href(page - 1)} rel="prev">
              <span aria-hidden="true">← </span>
              {catalogMessages.reviewsPrevious}
            </a>
          </li>
        )}
        {Array.from({ length: totalPages }, (_, i) => i + 1).map((n) => (
          <li key={n}>
            {n === page ? (
              <span className="page-numbers current" aria-current="page">
                <span className="visually-hidden">
                  {format(catalogMessages.reviewsPage, { page: n })}
                </span>
                <span aria-hidden="true">{n}</span>
              </span>
            ) : (
              <a className="page-numbers" href={href(n)}>
                <span className="visually-hidden">
                  {format(catalogMessages.reviewsPage, { page: n })}
                </span>
                <span aria-hidden="true">{n}</span>
              </a>
            )}
          </li>
        ))}
        {page < totalPages && (
          <li>
            <a className="next page-numbers" href={href(page + 1)} rel="next">
              {catalogMessages.reviewsNext}
              <span aria-hidden="true"> →</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The reviews tab: the heading, a page of reviews (newest first), its pages and the form. */
export function ProductReviews({
  productName,
  path,
  reviews,
  form,
}: {
  productName: string;
  /** The product page's path: where the review pages link. */
  path: string;
  reviews: ReviewsData;
  form: Omit<ReviewFormProps, 'productName' | 'hasReviews'> & { formKey: string; open: boolean };
}) {
  const { items, held, total } = reviews;
  const heading =
    total === 0
      ? catalogMessages.reviewsTitle
      : format(
          total === 1 ? catalogMessages.reviewsHeading : catalogMessages.reviewsHeadingPlural,
          {
            count: total,
            name: productName,
          },
        );
  const { formKey, open, ...formProps } = form;
  return (
    <div id="reviews" className="woocommerce-Reviews">
      <div id="comments">
        <h2 className="woocommerce-Reviews-title">{heading}</h2>
        {items.length === 0 && !held ? (
          <p className="woocommerce-noreviews">{catalogMessages.noReviewsYet}</p>
        ) : (
          <ol className="commentlist">
            {held && (
              <ReviewItem review={held} showVerifiedLabel={reviews.showVerifiedLabel} held />
            )}
            {items.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                showVerifiedLabel={reviews.showVerifiedLabel}
              />
            ))}
          </ol>
        )}
        <ReviewPages path={path} page={reviews.page} totalPages={reviews.totalPages} />
      </div>
      {open ? (
        <ReviewForm key={formKey} {...formProps} productName={productName} hasReviews={total > 0} />
      ) : (
        <p className="woocommerce-verification-required">{catalogMessages.reviewVerifiedOnly}</p>
      )}
    </div>
  );
}

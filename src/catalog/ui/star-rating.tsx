import { catalogMessages } from '../../platform/messages/catalog.ts';
import { format } from '../../platform/messages/format.ts';

/** A five-pointed star in a 20 × 20 box, from its top point (relative moves only). */
const STAR = 'l2.6 6 6.4.5-4.9 4.2 1.5 6.3-5.6-3.4-5.6 3.4 1.5-6.3-4.9-4.2 6.4-.5z';
const starAt = (x: number) => `M${x} 1${STAR}`;
const FIVE_STARS = [10, 30, 50, 70, 90].map(starAt).join('');

/**
 * Star shapes are drawn inline: an SVG image (a CSS mask or background) is a document of its own
 * that the browser builds before the first paint, which cost a phone more than the whole page's
 * styles.
 */
export function StarShape() {
  return (
    <svg className="star-shape" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d={starAt(10)} />
    </svg>
  );
}

function FiveStars() {
  return (
    <svg className="star-row" viewBox="0 0 100 20" aria-hidden="true" focusable="false">
      <path d={FIVE_STARS} />
    </svg>
  );
}

/** Five stars filled to a rating, read out as "Rated 4.50 out of 5". */
export function StarRating({ rating, digits = 2 }: { rating: number; digits?: number }) {
  const label = format(catalogMessages.ratedOutOf, { rating: rating.toFixed(digits) });
  return (
    <span className="star-rating" role="img" aria-label={label}>
      <FiveStars />
      <span
        className="star-rating-fill"
        style={{ width: `${(Math.min(5, Math.max(0, rating)) / 5) * 100}%` }}
      >
        <FiveStars />
      </span>
    </span>
  );
}

/** "(2 customer reviews)" */
export function ratingCountText(count: number): string {
  return format(count === 1 ? catalogMessages.ratingCount : catalogMessages.ratingCountPlural, {
    count,
  });
}

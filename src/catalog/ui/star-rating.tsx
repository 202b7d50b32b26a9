import { format, messages } from '../../platform/messages/index.ts';

/** Five stars filled to a rating, read out as "Rated 4.50 out of 5". */
export function StarRating({ rating, digits = 2 }: { rating: number; digits?: number }) {
  const label = format(messages.ratedOutOf, { rating: rating.toFixed(digits) });
  return (
    <span className="star-rating" role="img" aria-label={label}>
      <span style={{ width: `${(Math.min(5, Math.max(0, rating)) / 5) * 100}%` }} />
    </span>
  );
}

/** "(2 customer reviews)" */
export function ratingCountText(count: number): string {
  return format(count === 1 ? messages.ratingCount : messages.ratingCountPlural, { count });
}

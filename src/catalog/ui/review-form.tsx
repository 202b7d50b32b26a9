import { useEffect, useId, useRef, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { catalogMessages } from '../../platform/messages/catalog.ts';
import { checkoutAccountMessages } from '../../platform/messages/checkout-account.ts';
import { format } from '../../platform/messages/format.ts';
import { RequiredMark } from '../../ui/required-mark.tsx';
import { StarShape } from './star-rating.tsx';
import type { SingleProductParams } from '../product-page-settings.ts';
import type { ReviewField } from '../reviews.ts';

export interface ReviewFormProps {
  productId: number;
  productName: string;
  hasReviews: boolean;
  nonce: string;
  /** The logged-in customer's name; null for a guest, who gives a name and an address. */
  loggedInAs: string | null;
  params: Pick<
    SingleProductParams,
    'review_rating_required' | 'i18n_rating_options' | 'i18n_required_rating_text'
  >;
  /** A refused post: its message, the field it concerns and what was typed (kept). */
  refusal: {
    message: string;
    field?: ReviewField;
    values: Record<string, string>;
  } | null;
}

/**
 * The rating: five radios, from "Very poor" to "Perfect", drawn as stars. Unselected, then one
 * selected (seed 000 §4); the choice is marked `active` and the group `selected`, as WooCommerce
 * marks its stars. Native radios: chosen by click, arrow keys, and without JavaScript.
 */
function RatingStars({
  labels,
  required,
  initial,
  describedBy,
}: {
  labels: readonly string[];
  required: boolean;
  initial: string;
  /** The refusal's message, when it is about the rating. */
  describedBy: string | undefined;
}) {
  const [chosen, setChosen] = useState(initial);
  const id = useId();
  const stars = useRef<HTMLParagraphElement>(null);
  // A star chosen before the page's JavaScript came is marked once React holds the radios.
  useEffect(() => {
    const checked = stars.current?.querySelector<HTMLInputElement>('input[name="rating"]:checked');
    if (checked) setChosen(checked.value);
  }, []);
  const current = chosen === '' ? catalogMessages.rateLabel : (labels[Number(chosen) - 1] ?? '');
  return (
    <fieldset
      className={`comment-form-rating${describedBy ? ' is-invalid' : ''}`}
      aria-describedby={describedBy}
    >
      <legend>
        {catalogMessages.yourRating}
        {required && (
          <>
            &nbsp;
            <RequiredMark />
          </>
        )}
      </legend>
      <p className={`stars${chosen === '' ? '' : ' selected'}`} ref={stars}>
        {labels.map((label, index) => {
          const value = String(index + 1);
          return (
            <span key={value} className="star-choice">
              <input
                className="star-input"
                type="radio"
                name="rating"
                id={`${id}-${value}`}
                value={value}
                defaultChecked={initial === value}
                onChange={() => setChosen(value)}
              />
              <label
                htmlFor={`${id}-${value}`}
                className={`star star-${value}${chosen === value ? ' active' : ''}`}
              >
                <StarShape />
                <span className="visually-hidden">{label}</span>
              </label>
            </span>
          );
        })}
        <span className="stars-current" aria-hidden="true">
          {current}
        </span>
      </p>
    </fieldset>
  );
}

/**
 * The review form (CONTRACT §5): stars, `Your review`, and `Name` and `Email` for a guest;
 * `Submit`. It posts to the product page: a plain form without JavaScript, React Router's form
 * with it. With a rating required and none chosen, the post is stopped with an alert of the
 * required-rating text (seed 000 §5); the server refuses it too.
 */
export function ReviewForm({
  productId,
  productName,
  hasReviews,
  nonce,
  loggedInAs,
  params,
  refusal,
}: ReviewFormProps) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.has('comment_post_ID');
  const values = refusal?.values ?? {};
  const ratingRequired = params.review_rating_required === 'yes';
  const errorId = useId();
  const invalid = (field: ReviewField) => refusal?.field === field;
  const describedBy = (field: ReviewField) => (invalid(field) ? errorId : undefined);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const rating = new FormData(event.currentTarget).get('rating');
    if (ratingRequired && !rating) {
      event.preventDefault();
      window.alert(params.i18n_required_rating_text);
    }
  }

  return (
    <div id="review_form_wrapper" className="review-form">
      <h3 id="reply-title" className="comment-reply-title">
        {hasReviews
          ? catalogMessages.addReview
          : format(catalogMessages.beFirstToReview, { name: productName })}
      </h3>
      <Form
        method="post"
        className="comment-form"
        id="commentform"
        aria-labelledby="reply-title"
        onSubmit={onSubmit}
        preventScrollReset
      >
        {refusal && (
          <p className="field-error review-refusal" role="alert" id={errorId}>
            {refusal.message}
          </p>
        )}
        {loggedInAs ? (
          <p className="logged-in-as">
            {format(checkoutAccountMessages.loggedInAs, { email: loggedInAs })}
          </p>
        ) : (
          <p className="comment-notes">{catalogMessages.reviewEmailNotPublished}</p>
        )}
        <RatingStars
          labels={params.i18n_rating_options}
          required={ratingRequired}
          initial={values.rating ?? ''}
          describedBy={describedBy('rating')}
        />
        <p className="comment-form-comment">
          <label htmlFor="comment">
            {catalogMessages.yourReview}&nbsp;
            <RequiredMark />
          </label>
          <textarea
            id="comment"
            name="comment"
            cols={45}
            rows={6}
            required
            defaultValue={values.comment ?? ''}
            aria-invalid={invalid('comment') || undefined}
            aria-describedby={describedBy('comment')}
          />
        </p>
        {!loggedInAs && (
          <div className="comment-form-author-email">
            <p className="comment-form-author">
              <label htmlFor="author">
                {catalogMessages.reviewName}&nbsp;
                <RequiredMark />
              </label>
              <input
                id="author"
                name="author"
                type="text"
                className="input-text"
                autoComplete="name"
                maxLength={100}
                required
                defaultValue={values.author ?? ''}
                aria-invalid={invalid('author') || undefined}
                aria-describedby={describedBy('author')}
              />
            </p>
            <p className="comment-form-email">
              <label htmlFor="email">
                {catalogMessages.reviewEmail}&nbsp;
                <RequiredMark />
              </label>
              <input
                id="email"
                name="email"
                type="email"
                className="input-text"
                autoComplete="email"
                maxLength={254}
                required
                defaultValue={values.email ?? ''}
                aria-invalid={invalid('email') || undefined}
                aria-describedby={describedBy('email')}
              />
            </p>
          </div>
        )}
        <input type="hidden" name="comment_post_ID" value={productId} />
        <input type="hidden" name="_wpnonce" value={nonce} />
        <p className="form-submit">
          <button
            type="submit"
            className={`button button-primary${busy ? ' loading' : ''}`}
            aria-busy={busy || undefined}
          >
            {catalogMessages.reviewSubmit}
          </button>
        </p>
      </Form>
    </div>
  );
}

/**
 * The product page's texts (issue 14): tabs, gallery and viewer, reviews and the review form.
 * Seed 000 §5 and §8 and CONTRACT §5 where they give the words; WooCommerce's otherwise.
 */
export const catalogMessages = {
  // Tabs (CONTRACT §1)
  productTabs: 'Product details',
  tabDescription: 'Description',
  tabAdditionalInformation: 'Additional information',
  // A no-break space: on a phone the count never goes to a line of its own.
  tabReviews: 'Reviews\u00a0({count})',
  weight: 'Weight',
  weightInKg: '{weight} kg',
  dimensions: 'Dimensions',
  sku: 'SKU: {sku}',

  // Gallery and viewer (seed 000 §8)
  galleryLabel: '{name} images',
  gallerySlide: 'Image {index} of {count}',
  galleryThumbnail: 'Show image {index} of {count}: {alt}',
  galleryPrevious: 'Previous',
  galleryNext: 'Next',
  galleryOpenViewer: 'View larger image: {alt}',
  viewerErrors: {
    generic: 'Something Went Wrong, Please Try Again Later',
    imageNotFound: 'Image Not Found',
    elementNotFound: 'HTML Element Not Found',
    ajaxNotFound: 'Error Loading AJAX : Not Found',
    ajaxForbidden: 'Error Loading AJAX : Forbidden',
    pageError: 'Error Loading Page',
  },
  viewerClose: 'Close',
  viewerZoom: 'Zoom',
  viewerPrevious: 'Previous',
  viewerNext: 'Next',

  // Reviews (CONTRACT §5; WooCommerce's wording)
  rateLabel: 'Rate…',
  /** Seed 000 §3: the five rating labels, by rating. */
  ratingLabels: {
    5: 'Perfect',
    4: 'Good',
    3: 'Average',
    2: 'Not that bad',
    1: 'Very poor',
  },
  ratingRequired: 'Please select a rating',
  yourRating: 'Your rating',
  yourReview: 'Your review',
  reviewName: 'Name',
  reviewEmail: 'Email',
  reviewSubmit: 'Submit',
  addReview: 'Add a review',
  beFirstToReview: 'Be the first to review “{name}”',
  noReviewsYet: 'There are no reviews yet.',
  reviewsTitle: 'Reviews',
  reviewsHeading: '{count} review for {name}',
  reviewsHeadingPlural: '{count} reviews for {name}',
  ratedOutOf: 'Rated {rating} out of 5',
  ratingCount: '({count} customer review)',
  ratingCountPlural: '({count} customer reviews)',
  verifiedOwner: 'verified owner',
  reviewAwaitingApproval: 'Your review is awaiting approval',
  reviewThanks: 'Thank you for your review.',
  reviewEmailNotPublished: 'Your email address will not be published.',
  reviewsPages: 'Review pages',
  reviewsPage: 'Page {page}',
  reviewsPrevious: 'Previous reviews',
  reviewsNext: 'Next reviews',
  reviewTextRequired: 'Please type your review text.',
  reviewTextTooLong: 'Your review is too long.',
  reviewAuthorRequired: 'Please fill the required fields (name, email).',
  reviewEmailInvalid: 'Please enter a valid email address.',
  reviewDuplicate: 'You have already reviewed this product.',
  reviewTooFast: 'You are posting reviews too quickly. Slow down.',
  reviewVerifiedOnly:
    'Only logged in customers who have purchased this product may leave a review.',
  reviewExpired: 'The page has been open for a long time. Please submit your review again.',
  reviewProductMissing: 'Sorry, this product cannot be reviewed.',
} as const;

/**
 * The shop's listings: sorting, result counts and the category page.
 */
export const listingMessages = {
  // Listing
  sortBy: 'Shop order',
  sortOptions: {
    menu_order: 'Default sorting',
    popularity: 'Sort by popularity',
    rating: 'Sort by average rating',
    date: 'Sort by latest',
    price: 'Sort by price: low to high',
    'price-desc': 'Sort by price: high to low',
  },
  resultCountAll: 'Showing all {total} results',
  resultCountSingle: 'Showing the single result',
  resultCountRange: 'Showing {first}–{last} of {total} results',
  /** The sort form's button without JavaScript (with it, a change of order submits). */
  sortSubmit: 'Sort',
  productPagination: 'Product pagination',

  // Category page (seed 000 §2, §7; CONTRACT §5)
  buyNow: 'Buy now',
  categoryProducts: 'Products in {category}',
  noProductsFound: 'No products were found matching your selection.',
  discountPercent: '-{percent}%',
  variantAttribute: '{name} {value}',
} as const;

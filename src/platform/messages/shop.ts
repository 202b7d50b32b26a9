/**
 * The shop's own texts, in every page's frame: its name, the test-mode banner and the header's
 * account link; what every form may show, and the edge's answers (errors of any request).
 */
export const shopMessages = {
  shopName: 'Hearth & Thread',
  testModeBanner: 'Test mode: payments go to the built-in test processor. No real money moves.',

  // The header: its skip link, its navigation and the account link (CONTRACT §5)
  skipToContent: 'Skip to content',
  mainNavigation: 'Main',
  accountLinkVisitor: 'Account',
  accountLinkCustomer: 'My account',

  // The pages' names: the header's links and cart button (CONTRACT §5), headings, titles, breadcrumbs
  shopTitle: 'Shop',
  cartTitle: 'Cart',
  checkoutTitle: 'Checkout',
  breadcrumb: 'Breadcrumb',

  // Prices and the quantity field, wherever products are shown (WooCommerce's screen-reader texts)
  priceFrom: 'From ',
  originalPrice: 'Original price was: {price}.',
  currentPrice: 'Current price is: ',
  quantity: 'Quantity',

  // An order's or a cart's table, as the cart, the checkout and the account's orders show it
  product: 'Product',
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  shippingVia: '{cost} via {method}',
  tax: 'Tax',
  total: 'Total',
  paymentMethod: 'Payment method',
  orderDetails: 'Order details',
  billingAddress: 'Billing address',

  // Any form's marks and its last-resort error
  fieldOptional: '(optional)',
  fieldRequiredTitle: 'required',
  unknownError: 'An unknown error occurred.',

  // The error page
  pageNotFound: 'Page not found',
  pageNotFoundText: 'The page you were looking for does not exist.',
  somethingWentWrong: 'Something went wrong',

  // Edge errors
  badRequest: 'The request is not valid.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  crossSite: 'Cross-site requests are not allowed.',
  missingNonce: 'Missing the Nonce header. This endpoint requires a valid nonce.',
  invalidNonce: 'Nonce is invalid.',
  notFound: 'Not found.',
  serverError: 'Something went wrong on our side. Please try again.',
  unknownEndpoint: 'Unknown ajax endpoint.',
} as const;

import { accountMessages } from './accounts.ts';
import { consentMessages } from './consent.ts';
import { catalogMessages } from './catalog.ts';
import { dropdownMessages } from './dropdown.ts';
import { contentMessages } from './content.ts';
import { mailMessages } from './mail.ts';
import { formsMessages } from './forms.ts';
import { formPaymentsMessages } from './form-payments.ts';
import { formsUiMessages } from './forms-ui.ts';
import { cardPaymentMessages } from './card-payment.ts';

/**
 * Every text a person reads, keyed. Seed wording where the seeds give it.
 * `{name}` placeholders are filled by `format`.
 */
export const messages = {
  ...accountMessages,
  ...consentMessages,
  ...catalogMessages,
  ...dropdownMessages,
  ...mailMessages,
  ...formsMessages,
  ...formPaymentsMessages,
  ...formsUiMessages,
  ...cardPaymentMessages,
  shopName: 'Hearth & Thread',
  testModeBanner: 'Test mode: payments go to the built-in test processor. No real money moves.',

  // Cart (seed 000 and WooCommerce's own wording)
  addToCart: 'Add to cart',
  viewCart: 'View cart',
  selectOptions: 'Select options',
  addedToCart: '“{name}” has been added to your cart.',
  removedFromCart: '“{name}” removed.',
  removeItemQuestion: 'Remove “{name}” from your cart?',
  yes: 'Yes',
  cancel: 'Cancel',
  cartUpdated: 'Cart updated.',
  cartEmpty: 'Your cart is currently empty.',
  returnToShop: 'Return to shop',
  proceedToCheckout: 'Proceed to checkout',
  couponCode: 'Coupon code',
  applyCoupon: 'Apply coupon',
  shippingAtCheckout: 'Shipping and taxes are worked out at checkout.',
  policyAgreement: 'I have read and agree to the website terms and conditions',
  cartLoading: 'Loading your cart…',
  chooseVariation: 'Please choose product options by visiting {name}.',
  outOfStock: 'Out of stock',
  inStock: '{count} in stock',
  notEnoughStock:
    'You cannot add that amount of “{name}” to the cart because there is not enough stock ({count} remaining).',
  notEnoughStockAtCheckout:
    'Sorry, we do not have enough “{name}” in stock to fulfill your order ({count} available). We apologize for any inconvenience caused.',
  productNotFound: 'Sorry, this product cannot be purchased.',
  cartItemNotFound: 'Cart item no longer exists.',
  invalidQuantity: 'Please enter a valid quantity.',
  quantityTooLarge: 'The maximum quantity of “{name}” is {max}.',

  // Payment methods (seed 001)
  redirectDescription: 'You will be redirected to authorise the payment, then brought back here.',
  voucherDescription:
    'You will receive a voucher to pay at a bank, ATM or store. Your order ships once it is paid.',
  sepaDescription: 'Your account will be debited. The payment takes a few days to complete.',
  blikDescription: 'Enter the six-digit code from your banking app.',
  blikCodeLabel: 'BLIK code',
  voucherHeading: 'Pay your voucher',
  voucherNumber: 'Voucher number',
  voucherExpires: 'Pay by',
  voucherOpen: 'Open the voucher',
  finalTaxesNote:
    'Final taxes charged can differ based on your actual billing address when using Express Checkout buttons (Link, Google Pay or Apple Pay).',
  invalidWebhook: 'The webhook signature could not be verified.',
  termsAgreeBefore: 'I have read and agree to the website',
  termsLink: 'terms and conditions',
  termsText:
    'Orders are shipped within two working days. You may return unused items within 30 days for a full refund. Payments are taken by our payment processor; we never see or store your card details.',
  termsRequired: 'Please read and accept the terms and conditions to proceed with your order.',
  checkoutInProgress: 'Your order is already being placed. Please wait a moment.',
  orderAwaitingPayment: 'This order’s status is “{status}”—it cannot be paid for.',
  payForOrder: 'Pay for order',
  // Order-pay page (CONTRACT §1; WooCommerce's form-pay and thank-you wording)
  orderPayAlreadyPaid: 'This order has already been paid for. Nothing more is needed from you.',
  orderPayAwaitingPayment:
    'This order is waiting for its payment to arrive, so it cannot be paid for again here.',
  orderPayViewOrder: 'View your order',
  payForThisOrder: 'Pay for this order',
  orderStatusNames: {
    pending: 'Pending payment',
    processing: 'Processing',
    'on-hold': 'On hold',
    completed: 'Completed',
    failed: 'Failed',
    cancelled: 'Cancelled',
    refunded: 'Refunded',
  },
  // End of the order-pay page.

  // Shipping (WooCommerce's wording)
  noShippingMethods:
    'There are no shipping options available. Please ensure that your address has been entered correctly, or contact us if you need any help.',
  shippingTo: 'Shipping to {place}.',
  changeAddress: 'Change address',
  calculateShipping: 'Calculate shipping',
  updateShipping: 'Update',
  shippingUpdated: 'Shipping costs updated.',
  invalidShippingCountry: 'Please enter a valid country.',
  invalidShippingPostcode: 'Please enter a valid postcode / ZIP.',
  shippingMethodChanged: 'Shipping method updated.',

  // Coupons (WooCommerce's wording: WC_Coupon, WC_AJAX and the Store API)
  appliedCoupons: 'Applied coupons',
  removeCoupon: '[Remove]',
  removeCouponLabel: 'Remove coupon {code}',
  couponEnterCode: 'Please enter a coupon code.',
  couponExpired: 'This coupon has expired.',
  couponNotExist: 'Coupon "{code}" does not exist!',
  couponAlreadyApplied: 'Coupon code already applied!',
  couponMinimumSpend: 'The minimum spend for this coupon is {amount}.',
  couponUsageLimitReached: 'Coupon usage limit has been reached.',
  couponIndividualUseOnly:
    'Sorry, coupon "{code}" has already been applied and cannot be used in conjunction with other coupons.',
  /** Ours, from WooCommerce's individual-use wording: WooCommerce itself drops the other coupons. */
  couponNotCombinable: 'Sorry, coupon "{code}" cannot be used in conjunction with other coupons.',
  couponApplied: 'Coupon code applied successfully.',
  couponRemoved: 'Coupon has been removed.',
  couponRemoveProblem: 'Sorry there was a problem removing this coupon.',
  couponNotApplied: 'Coupon cannot be removed because it is not already applied to the cart.',

  // Checkout
  placeOrder: 'Place order',
  fieldRequired: '{field} is a required field.',
  invalidEmail: 'Invalid billing email address',
  invalidPhone: '{field} is not a valid phone number.',
  invalidPostcode: '{field} is not a valid postcode / ZIP.',
  noPaymentMethod: 'Please select a payment method.',
  checkoutCartEmpty: 'Sorry, your session has expired or your cart is empty.',
  checkoutGenericError: 'There was a problem processing the order.',
  orderReceived: 'Thank you. Your order has been received.',
  orderNotFound: 'Sorry, this order is invalid and cannot be paid for.',
  cardPaymentNeedsJs: 'Card payments need JavaScript. Please enable it or choose Cash on delivery.',
  codDescription: 'Pay with cash upon delivery.',
  cardDescription: 'Pay with your credit or debit card.',
  paymentFailed: 'Payment failed. Please try again.',
  unknownError: 'An unknown error occurred.',

  // Address fields (checkout issue: countries, locale rules, address component). WooCommerce's words.
  addressFieldLabels: {
    first_name: 'First name',
    last_name: 'Last name',
    company: 'Company name',
    country: 'Country / Region',
    address_1: 'Street address',
    address_2: 'Apartment, suite, unit, etc.',
    city: 'Town / City',
    state: 'State / County',
    postcode: 'Postcode / ZIP',
    phone: 'Phone',
    email: 'Email address',
  },
  /** What a country calls its state field (WooCommerce's `get_country_locale`). */
  stateLabels: {
    state: 'State',
    province: 'Province',
    county: 'County',
    prefecture: 'Prefecture',
    region: 'Region',
  },
  addressFieldOf: { billing: 'Billing {field}', shipping: 'Shipping {field}' },
  streetAddressPlaceholder: 'House number and street name',
  apartmentPlaceholder: 'Apartment, suite, unit, etc. (optional)',
  selectCountryOption: 'Select a country / region…',
  selectStateOption: 'Select an option…',
  fieldOptional: '(optional)',
  fieldRequiredTitle: 'required',
  invalidCountry: "'{code}' is not a valid country code.",
  invalidState: '{field} is not valid. Please enter one of the following: {states}',
  // End of address fields.

  // End of the browser stand-in's texts.
  // The gateway's intent calls (seed 001 §7) and their card-testing protection (issue 4).
  intentNothingToPay: 'This order has nothing left to pay.',
  intentNotForOrder: 'This payment does not belong to this order.',
  intentCannotChange: 'This payment can no longer be changed.',
  intentRateLimited: 'Too many payment attempts. Please wait a few minutes before trying again.',
  orderPaymentInProgress:
    'A payment for this order is already being processed. Please wait a moment, then check your order before trying again.',
  // End of the intent calls' texts.
  /** WooCommerce's order note when the hold-stock job cancels an unpaid order (issue 9). */
  unpaidOrderCancelled: 'Unpaid order cancelled - time limit reached.',

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

  // Category page (seed 000 §2, §7; CONTRACT §5)
  buyNow: 'Buy now',
  categoryProducts: 'Products in {category}',
  noProductsFound: 'No products were found matching your selection.',
  discount: 'Discount',
  discountPercent: '-{percent}%',
  variantAttribute: '{name} {value}',

  // Accounts: the checkout's login form and account creation (WooCommerce's wording; CONTRACT §5)
  returningCustomer: 'Returning customer?',
  clickHereToLogin: 'Click here to login',
  checkoutLoginIntro:
    'If you have shopped with us before, please enter your details below. If you are a new customer, please proceed to the Billing section.',
  usernameOrEmail: 'Username or email',
  password: 'Password',
  logIn: 'Log in',
  logOut: 'Log out',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  usernameRequired: 'Username is required.',
  passwordRequired: 'The password field is empty.',
  loginFailed: 'The email address or password you entered is incorrect.',
  loginThrottled: 'Too many failed login attempts. Please try again in {minutes} minutes.',
  loggedInAs: 'Logged in as {email}.',
  createAccount: 'Create an account?',
  accountPassword: 'Create account password',
  accountPasswordHint: 'At least {min} characters.',
  accountPasswordRequired: 'Please enter an account password.',
  accountPasswordTooShort: 'Please enter a password of at least {min} characters.',
  accountPasswordTooLong: 'Please enter a password of at most {max} characters.',
  accountEmailRequired: 'Please provide a valid email address.',
  accountExists: 'An account is already registered with your email address. Please log in.',
  mustLogInToCheckout: 'You must be logged in to checkout.',
  logoutConfirm: 'Are you sure you want to log out?',
  confirmLogout: 'Confirm and log out',
  ...contentMessages,
} as const;

export type { CardErrorCode } from './card-payment.ts';

// In a file of its own so that browser bundles that only fill texts (embed.js) need not carry them all.
export { format } from './format.ts';

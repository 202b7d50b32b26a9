/**
 * The checkout's texts: payment methods, the order-pay page, shipping, coupons, address fields,
 * the gateway's intent calls and the orders they make.
 */
export const checkoutMessages = {
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
  orderPayNumber: 'Order number',
  columnQty: 'Qty',
  columnTotals: 'Totals',
  discountCoupons: 'Discount: {coupons}',
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

  // Checkout (WooCommerce's checkout form)
  haveCoupon: 'Have a coupon?',
  enterCouponCode: 'Click here to enter your code',
  shipToDifferentAddress: 'Ship to a different address?',
  orderNotes: 'Order notes',
  orderNotesPlaceholder: 'Notes about your order, e.g. special notes for delivery.',
  yourOrder: 'Your order',
  placeOrder: 'Place order',
  fieldRequired: '{field} is a required field.',
  invalidEmail: 'Invalid billing email address',
  invalidPhone: '{field} is not a valid phone number.',
  invalidPostcode: '{field} is not a valid postcode / ZIP.',
  noPaymentMethod: 'Please select a payment method.',
  checkoutCartEmpty: 'Sorry, your session has expired or your cart is empty.',
  checkoutGenericError: 'There was a problem processing the order.',
  orderReceived: 'Thank you. Your order has been received.',
  // The order-received page's overview (WooCommerce's thank-you template)
  orderReceivedTitle: 'Order received',
  overviewOrderNumber: 'Order number:',
  overviewDate: 'Date:',
  overviewEmail: 'Email:',
  overviewTotal: 'Total:',
  overviewPaymentMethod: 'Payment method:',
  overviewStatus: 'Status:',
  orderNotFound: 'Sorry, this order is invalid and cannot be paid for.',
  cardPaymentNeedsJs: 'Card payments need JavaScript. Please enable it or choose Cash on delivery.',
  codDescription: 'Pay with cash upon delivery.',
  cardDescription: 'Pay with your credit or debit card.',
  paymentFailed: 'Payment failed. Please try again.',

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
  /** Ours: the note when an order whose payment attempt was cut off before any money moved is released. */
  unpaidOrderCutOff: 'Unpaid order cancelled - its payment attempt was cut off.',
} as const;

/**
 * Texts of forms that take payment (issue 13): the payment fields, the order summary, the coupon
 * field and the refusals of a paying submission. WPForms' wording where it has one; the card's own
 * texts are the checkout's (seed 001 §8, `cardErrors`). The card fields' labels are the checkout's
 * card element's too (CONTRACT §5).
 */
export const formPaymentsMessages = {
  formPayments: {
    quantity: 'Quantity',
    summaryCaption: 'Order summary',
    summaryItem: 'Item',
    summaryQuantity: 'Quantity',
    summaryPrice: 'Price',
    summaryTotal: 'Total',
    summaryCoupon: 'Coupon ({code})',
    summaryEmpty: 'No items selected',
    couponCode: 'Coupon code',
    couponApply: 'Apply',
    couponRemove: 'Remove coupon {code}',
    couponApplied: 'Coupon code applied successfully.',
    couponRemoved: 'Coupon has been removed.',
    cardLegend: 'Card details',
    cardNumber: 'Card number',
    cardExpiry: 'Expiration date',
    cardCvc: 'Security code',
    cardNumberPlaceholder: '1234 1234 1234 1234',
    cardExpiryPlaceholder: 'MM/YY',
    cardCvcPlaceholder: 'CVC',
    cardNeedsScript: 'Paying by card needs JavaScript. Please turn it on to pay.',
    /** Seed 001 §8's load error: the card field posted no payment method. */
    paymentDetailsMissing:
      'Invalid or missing payment details. Please ensure the provided payment method is correctly entered.',
    totalChanged:
      'The total changed while you were ordering. Please check your order and submit again.',
    paymentFailed: 'Payment failed. Please try again.',
    paymentInProgress:
      'Your payment is already being processed. Please wait a moment before trying again.',
    paymentAuthenticating: 'Confirming your payment…',
    paymentReturnInvalid: 'This payment could not be found. Please submit the form again.',
  },
} as const;

/**
 * The words on the test processor's own pages. They stand in for the bank's and payment
 * provider's pages, not the shop's, so they live with the processor; the button names are
 * the contract's (CONTRACT §5).
 */
export const pageTexts = {
  testMode: 'Test mode',
  testModeNote: 'This page belongs to the shop’s built-in test processor. No real money moves.',
  amount: 'Amount',
  paymentMethod: 'Payment method',
  card: 'Card',
  challengeTitle: '3D Secure authentication',
  challengeHeading: 'Authenticate this payment',
  challengeSetupHeading: 'Authenticate this card',
  challengeIntro:
    'Your bank would now ask you to confirm that it is you. Choose how this test authentication ends.',
  authorizeTitle: '{method} authorisation',
  authorizeHeading: 'Authorize this {method} payment',
  authorizeSetupHeading: 'Authorize {method} for future payments',
  authorizeIntro:
    'The payment provider would now ask you to approve this. Choose how this test authorisation ends.',
  complete: 'Complete',
  authorize: 'Authorize',
  fail: 'Fail',
  voucherTitle: '{method} voucher',
  voucherHeading: 'Pay with {method}',
  voucherIntro: 'Pay this voucher before it expires. In test mode you can simulate the payment.',
  voucherNumber: 'Voucher number',
  entity: 'Entity',
  reference: 'Reference',
  expires: 'Expires',
  simulatePayment: 'Simulate payment',
  downloadPdf: 'Download the voucher (PDF)',
  voucherPaid: 'This voucher has been paid.',
  returnToShop: 'Return to the shop',
  resultTitle: 'Payment status',
  closeWindow: 'You can close this window and return to the shop.',
  notFoundTitle: 'Payment not found',
  notFoundText: 'This link is not valid. Please go back to the shop and try again.',
  status: {
    succeeded: 'The payment succeeded.',
    requires_capture: 'The payment is authorised.',
    processing: 'The payment is processing.',
    requires_payment_method: 'The payment failed.',
    requires_confirmation: 'The payment is waiting to be confirmed.',
    requires_action: 'The payment is waiting for you.',
    canceled: 'The payment was canceled.',
  } as Record<string, string>,
  setupStatus: {
    succeeded: 'The payment method is saved.',
    requires_payment_method: 'The payment method could not be saved.',
    canceled: 'Saving the payment method was canceled.',
  } as Record<string, string>,
} as const;

export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

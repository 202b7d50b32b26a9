/**
 * embed.js's payment fields in one chunk, loaded when the runtime first needs them (app.tsx): the
 * parts payment-fields-shim.tsx stands in for, and their styles.
 */
export * as parts from '../ui/payment-fields.tsx';
export { default as paymentStyles } from '../ui/form-payments.css?inline';

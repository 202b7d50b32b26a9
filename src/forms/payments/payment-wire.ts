/**
 * What a paying form posts besides its fields (WPForms' Stripe names): the card the browser made
 * at the processor, and the browser's id of this submission, the same for every retry of it (a
 * double submit, another card after a decline), so they all pay one entry.
 */
export const PAYMENT_WIRE = {
  paymentMethodId: 'wpforms[payment_method_id]',
  submissionId: 'wpforms[submission_id]',
} as const;

/** Where the browser comes back to after a card challenge: these name the form and the entry. */
export const RETURN_PARAMS = { form: 'wpforms_form', entry: 'wpforms_entry' } as const;

export const PAYMENT_METHOD_ID = /^pm_[A-Za-z0-9_]{1,100}$/;
export const SUBMISSION_ID = /^[A-Za-z0-9_-]{16,64}$/;

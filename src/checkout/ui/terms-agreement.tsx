import { useState } from 'react';
import { messages } from '../../platform/messages/index.ts';
import { RequiredMark } from '../../ui/required-mark.tsx';

/**
 * The terms checkbox above Place order / Pay for order: its link opens the terms text above it
 * (seed 001 §2); `terms-field` tells the server the checkbox was on the form.
 */
export function TermsAgreement() {
  const [open, setOpen] = useState(false);
  return (
    <div className="woocommerce-terms-and-conditions-wrapper">
      {open && (
        <div className="woocommerce-terms-and-conditions" id="terms-text">
          <p>{messages.termsText}</p>
        </div>
      )}
      <p className="form-row validate-required">
        <input type="hidden" name="terms-field" value="1" />
        <input id="terms" type="checkbox" name="terms" required />
        <label htmlFor="terms">
          {messages.termsAgreeBefore}{' '}
          <button
            type="button"
            className="link-button woocommerce-terms-and-conditions-link"
            aria-expanded={open}
            aria-controls="terms-text"
            onClick={() => setOpen(!open)}
          >
            {messages.termsLink}
          </button>{' '}
          <RequiredMark />
        </label>
      </p>
    </div>
  );
}

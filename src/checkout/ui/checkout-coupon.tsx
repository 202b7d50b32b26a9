import { useState } from 'react';
import { postForm, wcAjaxUrl } from '../../platform/http/client.ts';
import { messages } from '../../platform/messages/index.ts';

/** The text of a notice the coupon calls answer with (WooCommerce answers notice HTML). */
function noticeText(html: string): { error: boolean; text: string } {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return {
    error: doc.querySelector('.woocommerce-error, .notice-error') !== null,
    text: doc.body.textContent?.trim() ?? '',
  };
}

/**
 * The checkout's coupon form (seed 001 §2): opens from its link, applies through `apply_coupon`
 * (security, coupon_code, billing_email), shows a refusal under the field, and closes after a
 * successful apply. `onApplied` refreshes the order review.
 */
export function CheckoutCoupon({
  nonce,
  billingEmail,
  onApplied,
}: {
  nonce: string;
  billingEmail: () => string;
  onApplied: (notice: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply() {
    setBusy(true);
    const answer = await postForm<string>(
      wcAjaxUrl('apply_coupon'),
      { security: nonce, coupon_code: code, billing_email: billingEmail() },
      { read: (text) => text },
    ).catch(() => null);
    setBusy(false);
    const notice = noticeText(typeof answer?.data === 'string' ? answer.data : '');
    if (!answer || notice.error || !answer.ok) {
      setError(notice.text || messages.checkoutGenericError);
      return;
    }
    setError(null);
    setCode('');
    setOpen(false);
    onApplied(notice.text);
  }

  return (
    <div className="woocommerce-form-coupon-toggle">
      <p className="woocommerce-info">
        {messages.haveCoupon}{' '}
        <button
          type="button"
          className="link-button showcoupon"
          aria-expanded={open}
          aria-controls="checkout_coupon"
          onClick={() => setOpen(!open)}
        >
          {messages.enterCouponCode}
        </button>
      </p>
      <div
        id="checkout_coupon"
        className={`checkout_coupon slide${open ? ' open' : ''}`}
        hidden={!open}
      >
        <label htmlFor="checkout_coupon_code">{messages.couponCode}</label>
        <div className="coupon-row">
          <input
            id="checkout_coupon_code"
            className="input-text"
            value={code}
            autoComplete="off"
            onChange={(event) => setCode(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                if (code.trim() !== '') void apply();
              }
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'checkout_coupon_error' : undefined}
          />
          <button
            type="button"
            className="button"
            disabled={code.trim() === '' || busy}
            onClick={() => void apply()}
          >
            {messages.applyCoupon}
          </button>
        </div>
        {error && (
          <p id="checkout_coupon_error" className="field-error coupon-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

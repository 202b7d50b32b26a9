import { useEffect, useRef, useState } from 'react';
import { methodsFor, offeredMethod, paymentMethodById } from '../../payments/methods.ts';
import { CardElement } from '../../payments/ui/card-element.tsx';
import type { CardDetails } from '../../payments/ui/local-stripe.ts';
import { messages } from '../../platform/messages/index.ts';
import {
  confirmFromMarker,
  parseConfirmMarker,
  preparePayment,
  type ConfirmMarker,
} from './browser-payment.ts';

const NO_CARD: CardDetails = { number: '', expiry: '', cvc: '' };

export interface PaymentChooserOptions {
  /** The billing country: which methods are offered (seed 001 §5). */
  country: string;
  /** The method chosen when the page opens, kept while it is offered. */
  initialMethod: string;
  publishableKey: string;
  /** The nonces of the calls made after a card challenge (seed 001 §7). */
  nonces: { updateOrderStatus: string; updateFailedOrder: string };
  /** On the order-pay page: a confirm marker counts only when it names this order (seed 001 §5). */
  orderId?: number | undefined;
  /** Shows why the payment did not go ahead; the form can be submitted again. */
  onError: (texts: string[]) => void;
}

/**
 * The payment state of a page that takes payment (the checkout and the order-pay page): the
 * chosen method, the card typed, the BLIK code's mark, whether a payment is under way, and the
 * confirm marker a card challenge brings the browser back with (`#wc-stripe-confirm-pi:…`).
 */
export function usePaymentChooser(options: PaymentChooserOptions) {
  const latest = useRef(options);
  latest.current = options;
  const [method, setMethod] = useState(options.initialMethod);
  const [card, setCard] = useState(NO_CARD);
  const [blikError, setBlikError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);

  function fail(texts: string[]) {
    setProcessing(false);
    latest.current.onError(texts.length > 0 ? texts : [messages.checkoutGenericError]);
  }

  /** Authenticates the intent a confirm marker names, then goes where the shop says. */
  async function confirm(marker: ConfirmMarker) {
    setProcessing(true);
    const { publishableKey, nonces } = latest.current;
    const result = await confirmFromMarker(marker, publishableKey, nonces);
    if ('redirect' in result) window.location.assign(result.redirect);
    else fail([result.error]);
  }

  /**
   * A submit begins: the deferred-intent step (seed 001 §4) makes the chosen method's payment
   * method at the processor. Answers the fields to send with the form, or null when the payment
   * cannot go ahead (one is under way, or it was refused and the error is shown).
   */
  async function begin(form: FormData, total: number): Promise<Record<string, string> | null> {
    if (processing) return null;
    setProcessing(true);
    setBlikError(null);
    const paymentMethod = paymentMethodById(offeredMethod(latest.current.country, method));
    if (!paymentMethod || total <= 0) return {};
    const { publishableKey } = latest.current;
    const prepared = await preparePayment(paymentMethod, form, publishableKey, card);
    if ('fields' in prepared) return prepared.fields;
    if (prepared.field === 'blik') setBlikError(prepared.error);
    fail([prepared.error]);
    return null;
  }

  useEffect(() => {
    const hash = window.location.hash;
    const marker = parseConfirmMarker(hash);
    const { orderId } = latest.current;
    if (marker && (orderId === undefined || marker.orderId === orderId)) void confirm(marker);
    else if (orderId !== undefined && hash.startsWith('#wc-stripe-'))
      history.replaceState(null, '', window.location.pathname + window.location.search);
    // Back on the page from the browser's history: no payment is under way any more.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setProcessing(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    offered: methodsFor(options.country),
    chosen: offeredMethod(options.country, method),
    choose: setMethod,
    card,
    setCard,
    blikError,
    processing,
    begin,
    confirm,
    fail,
  };
}

export type PaymentChooserState = ReturnType<typeof usePaymentChooser>;

/**
 * The payment-method radios, each with its box (seed 001 §2): the card element, the BLIK code,
 * or a description. A method not offered for the billing country is not listed.
 */
export function PaymentChooser({
  chooser,
  hydrated,
  onChoose,
}: {
  chooser: PaymentChooserState;
  hydrated: boolean;
  /** Called after a method is chosen (the checkout refreshes its order review). */
  onChoose?: (id: string) => void;
}) {
  const { offered, chosen, processing } = chooser;
  const methods = useRef<HTMLFieldSetElement>(null);
  // A method chosen before the page's JavaScript came stays chosen once React holds the radios.
  useEffect(() => {
    const checked = methods.current?.querySelector<HTMLInputElement>(
      'input[name="payment_method"]:checked',
    );
    if (!checked || checked.value === chooser.chosen) return;
    chooser.choose(checked.value);
    onChoose?.(checked.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page hydrates
  }, []);
  return (
    <div id="payment" className="woocommerce-checkout-payment">
      <fieldset className="wc_payment_methods payment_methods" ref={methods}>
        <legend>{messages.paymentMethod}</legend>
        <ul>
          {offered.map((pm) => (
            <li key={pm.id} className={`wc_payment_method payment_method_${pm.id}`}>
              <input
                id={`payment_method_${pm.id}`}
                type="radio"
                name="payment_method"
                value={pm.id}
                checked={chosen === pm.id}
                onChange={() => {
                  chooser.choose(pm.id);
                  onChoose?.(pm.id);
                }}
                className="input-radio"
              />
              <label htmlFor={`payment_method_${pm.id}`}>{pm.title}</label>
              <div className={`payment_box payment_method_${pm.id}`} hidden={chosen !== pm.id}>
                <p>{pm.description}</p>
                {pm.type && !hydrated && (
                  <p className="notice notice-info">{messages.cardPaymentNeedsJs}</p>
                )}
                {pm.flow === 'card' && hydrated && (
                  <CardElement
                    value={chooser.card}
                    onChange={chooser.setCard}
                    disabled={processing}
                  />
                )}
                {pm.flow === 'blik' && hydrated && (
                  <BlikCode error={chooser.blikError} disabled={processing} />
                )}
              </div>
            </li>
          ))}
        </ul>
      </fieldset>
    </div>
  );
}

/** Seed 001 §5: the BLIK field's invalid mark goes when it is emptied. */
function BlikCode({ error, disabled }: { error: string | null; disabled?: boolean }) {
  const [value, setValue] = useState('');
  const invalid = error !== null && value !== '';
  return (
    <p className={`form-row form-row-wide${invalid ? ' woocommerce-invalid' : ''}`}>
      <label htmlFor="wc-stripe-blik-code">{messages.blikCodeLabel}</label>
      <input
        id="wc-stripe-blik-code"
        name="wc-stripe-blik-code"
        className="input-text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        disabled={disabled}
        onChange={(event) => setValue(event.target.value.replace(/\D/g, ''))}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? 'wc-stripe-blik-code-error' : undefined}
      />
      {invalid && (
        <span id="wc-stripe-blik-code-error" className="field-error" role="alert">
          {error}
        </span>
      )}
    </p>
  );
}

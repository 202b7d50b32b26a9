import { useEffect, useRef, useState } from 'react';
import { IMaskInput } from 'react-imask';
import { useMatches } from 'react-router';
import { messages } from '../../platform/messages/index.ts';
import type { CardDetails } from './local-stripe.ts';
import { loadPaymentProvider, providerKindFor } from './payment-provider.ts';

/** The card fields' names, the same in the forms' card field (CONTRACT §5). */
const cardTexts = messages.formPayments;

export interface CardElementProps {
  value: CardDetails;
  onChange: (next: CardDetails) => void;
  disabled?: boolean | undefined;
  /** The page's publishable key; by default the one its route's loader handed over. */
  publishableKey?: string | undefined;
}

/** The publishable key a page's loader gave it (the checkout and order-pay pages give one). */
export function publishableKeyIn(matches: readonly { loaderData?: unknown }[]): string | null {
  for (const match of [...matches].reverse()) {
    const key = (match.loaderData as { publishableKey?: unknown } | null | undefined)
      ?.publishableKey;
    if (typeof key === 'string') return key;
  }
  return null;
}

/**
 * Where the card is typed: the local card element while payments go to the test processor,
 * Stripe's own card element (from @stripe/stripe-js) when STRIPE_PUBLISHABLE_KEY is configured.
 * Either way the card goes to the processor only, never to the shop's server.
 */
export function CardElement(props: CardElementProps) {
  return props.publishableKey === undefined ? (
    <CardElementOfRoute {...props} />
  ) : (
    <CardFields {...props} publishableKey={props.publishableKey} />
  );
}

function CardElementOfRoute(props: CardElementProps) {
  const publishableKey = publishableKeyIn(useMatches()) ?? '';
  return <CardFields {...props} publishableKey={publishableKey} />;
}

function CardFields(props: CardElementProps & { publishableKey: string }) {
  return providerKindFor({ publishableKey: props.publishableKey }) === 'stripe' ? (
    <ProviderCardFields publishableKey={props.publishableKey} disabled={props.disabled} />
  ) : (
    <LocalCardFields {...props} />
  );
}

/** Stripe's card element, mounted once Stripe.js has loaded. */
function ProviderCardFields({
  publishableKey,
  disabled,
}: {
  publishableKey: string;
  disabled?: boolean | undefined;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let unmount: (() => void) | null = null;
    let gone = false;
    loadPaymentProvider({ publishableKey })
      .then((provider) => {
        if (!gone && container.current) unmount = provider.mountCard(container.current);
      })
      .catch(() => setFailed(true));
    return () => {
      gone = true;
      unmount?.();
    };
  }, [publishableKey]);
  return (
    <fieldset className="card-element" disabled={disabled}>
      <legend className="visually-hidden">{cardTexts.cardLegend}</legend>
      <div className="form-row form-row-wide">
        <div ref={container} className="stripe-card-element input-text" />
      </div>
      {failed && (
        <p className="woocommerce-error" role="alert">
          {messages.paymentProviderLoadFailed}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The local card element: number, expiry and CVC with the seed's masks (seed 000 §5). Its values
 * go to the test processor only, never to the shop's server (the fields have no `name`).
 */
function LocalCardFields({ value, onChange, disabled }: CardElementProps) {
  return (
    <fieldset className="card-element" disabled={disabled}>
      <legend className="visually-hidden">{cardTexts.cardLegend}</legend>
      <div className="form-row form-row-wide">
        <label htmlFor="card-number">{cardTexts.cardNumber}</label>
        <IMaskInput
          id="card-number"
          mask="0000 0000 0000 0000"
          value={value.number}
          onAccept={(number: string) => onChange({ ...value, number })}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder={cardTexts.cardNumberPlaceholder}
          className="input-text"
        />
      </div>
      <div className="form-row form-row-first">
        <label htmlFor="card-expiry">{cardTexts.cardExpiry}</label>
        <IMaskInput
          id="card-expiry"
          mask="00/00"
          value={value.expiry}
          onAccept={(expiry: string) => onChange({ ...value, expiry })}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={cardTexts.cardExpiryPlaceholder}
          className="input-text"
        />
      </div>
      <div className="form-row form-row-last">
        <label htmlFor="card-cvc">{cardTexts.cardCvc}</label>
        <IMaskInput
          id="card-cvc"
          mask="000"
          value={value.cvc}
          onAccept={(cvc: string) => onChange({ ...value, cvc })}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={cardTexts.cardCvcPlaceholder}
          className="input-text"
        />
      </div>
    </fieldset>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Form, useSubmit } from 'react-router';
import {
  countries,
  defaultCountry,
  findState,
  statesOf,
} from '../../platform/address/countries.ts';
import { countryLocale } from '../../platform/address/country-locale.ts';
import { messages } from '../../platform/messages/index.ts';
import type { StoreCart } from '../store-api.types.ts';
import { ShippingMethods, shippingDestinationText } from './cart-totals.tsx';

/**
 * The calculator's state for a country, by the checkout's rules: a select of its states, free
 * text, or nothing where the country has no state.
 */
function CalculatorState({ country, value }: { country: string; value: string }) {
  const { input, label } = countryLocale(country).state;
  const name = 'calc_shipping_state';
  if (input === 'hidden') return <input type="hidden" name={name} value="" />;
  const common = { id: name, name, autoComplete: 'address-level1' };
  return (
    <p className="form-row">
      <label htmlFor={name}>{label}</label>
      {input === 'select' ? (
        <select {...common} className="state_select" defaultValue={findState(country, value)?.code}>
          <option value="">{messages.selectStateOption}</option>
          {statesOf(country).map((state) => (
            <option key={state.code} value={state.code}>
              {state.name}
            </option>
          ))}
        </select>
      ) : (
        <input {...common} className="input-text" defaultValue={value} />
      )}
    </p>
  );
}

/**
 * The cart totals' shipping cell: the rates (a change posts at once with JavaScript, through
 * `Update` without), where they are for, and the shipping calculator behind `Change address`.
 */
export function CartShipping({ cart, nonce }: { cart: StoreCart; nonce: string }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  const destination = cart.shipping_rates[0]?.destination;
  const [country, setCountry] = useState(destination?.country || defaultCountry);
  const calculator = useRef<HTMLFormElement>(null);
  useEffect(() => {
    setHydrated(true);
    // A country chosen in the calculator before the page's JavaScript came: its state field.
    const chosen = calculator.current?.querySelector<HTMLSelectElement>(
      'select[name="calc_shipping_country"]',
    )?.value;
    if (chosen) setCountry(chosen);
    // A rate chosen before then had only the Update button, gone now: it is sent at once.
    const form = formRef.current;
    const rate = form?.querySelector<HTMLInputElement>('input[name="shipping_method[0]"]:checked');
    if (form && rate && !rate.defaultChecked) submit(form);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page hydrates
  }, []);
  return (
    <div className="cart-shipping">
      <Form method="post" action="/cart/" ref={formRef} className="shipping-methods-form">
        <input type="hidden" name="_wpnonce" value={nonce} />
        <ShippingMethods cart={cart} onChoose={() => submit(formRef.current)} />
        {!hydrated && (
          <button type="submit" className="button button-small">
            {messages.updateShipping}
          </button>
        )}
      </Form>
      <p className="woocommerce-shipping-destination">{shippingDestinationText(cart)}</p>
      <details className="shipping-calculator">
        <summary>{messages.changeAddress}</summary>
        <Form
          method="post"
          action="/cart/"
          className="woocommerce-shipping-calculator"
          ref={calculator}
        >
          <input type="hidden" name="_wpnonce" value={nonce} />
          <p className="form-row">
            <label htmlFor="calc_shipping_country">{messages.addressFieldLabels.country}</label>
            <select
              id="calc_shipping_country"
              name="calc_shipping_country"
              defaultValue={country}
              autoComplete="country"
              onChange={(event) => setCountry(event.target.value)}
            >
              {Object.entries(countries).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </p>
          <CalculatorState
            // Another country brings its own state field, empty.
            key={country}
            country={country}
            value={country === destination?.country ? destination.state : ''}
          />
          <p className="form-row">
            <label htmlFor="calc_shipping_city">{messages.addressFieldLabels.city}</label>
            <input
              id="calc_shipping_city"
              name="calc_shipping_city"
              className="input-text"
              defaultValue={destination?.city ?? ''}
              autoComplete="address-level2"
            />
          </p>
          <p className="form-row">
            <label htmlFor="calc_shipping_postcode">{messages.addressFieldLabels.postcode}</label>
            <input
              id="calc_shipping_postcode"
              name="calc_shipping_postcode"
              className="input-text"
              defaultValue={destination?.postcode ?? ''}
              autoComplete="postal-code"
            />
          </p>
          <button type="submit" name="calc_shipping" value="x" className="button">
            {messages.updateShipping}
          </button>
        </Form>
      </details>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Form, useSubmit } from 'react-router';
import { countries } from '../../checkout/countries.ts';
import { messages } from '../../platform/messages/index.ts';
import type { StoreCart } from '../store-cart.ts';
import { ShippingMethods, shippingDestinationText } from './cart-totals.tsx';

/**
 * The cart totals' shipping cell: the rates (a change posts at once with JavaScript, through
 * `Update` without), where they are for, and the shipping calculator behind `Change address`.
 */
export function CartShipping({ cart, nonce }: { cart: StoreCart; nonce: string }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const destination = cart.shipping_rates[0]?.destination;
  return (
    <div className="cart-shipping">
      <Form method="post" ref={formRef} className="shipping-methods-form">
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
        <Form method="post" className="woocommerce-shipping-calculator">
          <input type="hidden" name="_wpnonce" value={nonce} />
          <p className="form-row">
            <label htmlFor="calc_shipping_country">Country / Region</label>
            <select
              id="calc_shipping_country"
              name="calc_shipping_country"
              defaultValue={destination?.country ?? ''}
              autoComplete="country"
            >
              {Object.entries(countries).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </select>
          </p>
          <p className="form-row">
            <label htmlFor="calc_shipping_state">State / County</label>
            <input
              id="calc_shipping_state"
              name="calc_shipping_state"
              className="input-text"
              defaultValue={destination?.state ?? ''}
              autoComplete="address-level1"
            />
          </p>
          <p className="form-row">
            <label htmlFor="calc_shipping_city">Town / City</label>
            <input
              id="calc_shipping_city"
              name="calc_shipping_city"
              className="input-text"
              defaultValue={destination?.city ?? ''}
              autoComplete="address-level2"
            />
          </p>
          <p className="form-row">
            <label htmlFor="calc_shipping_postcode">Postcode / ZIP</label>
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

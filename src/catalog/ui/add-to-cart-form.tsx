import { useState } from 'react';
import { addToCart } from '../../cart/ui/browser-cart-store.ts';
import { cartMessages } from '../../platform/messages/cart.ts';
import { shopMessages } from '../../platform/messages/shop.ts';
import { announce } from '../../ui/live-region.tsx';
import { Price } from '../../ui/price.tsx';
import { QuantityInput } from '../../ui/quantity-input.tsx';
import { attributeFieldName } from '../product-rules.ts';

export interface AddToCartProduct {
  id: number;
  type: string;
  inStock: boolean;
  maxQuantity: number;
  attributeOptions: Record<string, string[]>;
}

export interface AddToCartVariation {
  id: number;
  attributes: Record<string, string>;
  price: number;
  regularPrice: number;
  inStock: boolean;
  maxQuantity: number;
}

/**
 * The product form: options of a variable product, quantity and Add to cart. With JavaScript the
 * add goes through the cart store's one queue; without it the form posts to the product page.
 */
export function AddToCartForm({
  product,
  variations,
}: {
  product: AddToCartProduct;
  variations: AddToCartVariation[];
}) {
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [state, setState] = useState<'normal' | 'loading' | 'added'>('normal');
  const [error, setError] = useState<string | null>(null);
  const isVariable = product.type === 'variable';
  const variation = isVariable
    ? variations.find((v) =>
        Object.entries(v.attributes).every(([name, value]) => chosen[name] === value),
      )
    : undefined;
  const canBuy = isVariable ? variation?.inStock === true : product.inStock;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const payload: Record<string, string> = {
      product_id: String(product.id),
      quantity: String(form.get('quantity') ?? '1'),
    };
    if (variation) payload.variation_id = String(variation.id);
    for (const [name, value] of Object.entries(chosen)) payload[attributeFieldName(name)] = value;
    setState('loading');
    setError(null);
    const response = await addToCart(payload);
    if (response.error) {
      setState('normal');
      setError(response.message ?? shopMessages.unknownError);
      return;
    }
    setState('added');
    if (response.success_message) announce(response.success_message);
  }

  return (
    <form
      className="cart"
      method="post"
      encType="application/x-www-form-urlencoded"
      onSubmit={onSubmit}
    >
      {isVariable &&
        Object.entries(product.attributeOptions).map(([name, options]) => (
          <div className="variation-field" key={name}>
            <label htmlFor={attributeFieldName(name)}>{name}</label>
            <select
              id={attributeFieldName(name)}
              name={attributeFieldName(name)}
              value={chosen[name] ?? ''}
              onChange={(event) => {
                setChosen({ ...chosen, [name]: event.target.value });
                setState('normal');
              }}
              required
            >
              <option value="">Choose an option</option>
              {options.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </div>
        ))}
      {isVariable && (
        <div className="single_variation" aria-live="polite">
          {variation ? (
            <p className="variation-price">
              <Price amount={variation.price} oldAmount={variation.regularPrice} />{' '}
              <span className={variation.inStock ? 'stock in-stock' : 'stock out-of-stock'}>
                {variation.inStock ? 'In stock' : cartMessages.outOfStock}
              </span>
            </p>
          ) : null}
        </div>
      )}
      {canBuy || isVariable ? (
        <div className="add-to-cart-row">
          <QuantityInput name="quantity" max={variation?.maxQuantity ?? product.maxQuantity} />
          <input type="hidden" name="product_id" value={product.id} />
          {variation && <input type="hidden" name="variation_id" value={variation.id} />}
          <button
            type="submit"
            name="add-to-cart"
            value={product.id}
            className={`button button-primary single_add_to_cart_button${state === 'loading' ? ' loading' : ''}${state === 'added' ? ' added' : ''}`}
            aria-busy={state === 'loading' || undefined}
          >
            {cartMessages.addToCart}
          </button>
          {state === 'added' && (
            <a href="/cart/" className="added_to_cart wc-forward">
              {cartMessages.viewCart}
            </a>
          )}
        </div>
      ) : (
        <p className="stock out-of-stock">{cartMessages.outOfStock}</p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

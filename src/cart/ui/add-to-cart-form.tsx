import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { cartMessages } from '../../platform/messages/cart.ts';
import { shopMessages } from '../../platform/messages/shop.ts';
import { Price } from '../../ui/price.tsx';
import { QuantityInput } from '../../ui/quantity-input.tsx';
import { attributeFieldName } from '../../catalog/product-rules.ts';
import type { AddToCartProduct, AddToCartVariation } from '../../catalog/ui/selling.tsx';
import { addToSlideOutCart } from './browser-cart-store.ts';
import { preloadSlideOutCart } from './slide-out-cart-when-opened.tsx';

/** What the form sends for an add: the wire's field names, as it posts them without JavaScript. */
export function addToCartFields(
  productId: number,
  quantity: string,
  variation: AddToCartVariation | undefined,
  chosen: Record<string, string>,
): Record<string, string> {
  const fields: Record<string, string> = { product_id: String(productId), quantity };
  if (variation) fields.variation_id = String(variation.id);
  for (const [name, value] of Object.entries(chosen)) fields[attributeFieldName(name)] = value;
  return fields;
}

/** A disabled button loses focus to the page: it gets it back once enabled, unless focus moved on. */
function enableAgain(button: HTMLButtonElement | null, enable: () => void): void {
  flushSync(enable);
  if (document.activeElement === document.body) button?.focus();
}

/**
 * The product form: options of a variable product, quantity and Add to cart. With JavaScript the
 * add is the slide-out flow's (seed 000 §4, §7): the button is disabled while the request runs,
 * the cart panel opens on success and the button is enabled again either way. Without it the
 * form posts to the product page.
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
  const button = useRef<HTMLButtonElement>(null);
  const isVariable = product.type === 'variable';
  const variation = isVariable
    ? variations.find((v) =>
        Object.entries(v.attributes).every(([name, value]) => chosen[name] === value),
      )
    : undefined;
  const canBuy = isVariable ? variation?.inStock === true : product.inStock;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const quantity = String(new FormData(event.currentTarget).get('quantity') ?? '1');
    preloadSlideOutCart();
    setState('loading');
    setError(null);
    const answer = await addToSlideOutCart(
      addToCartFields(product.id, quantity, variation, chosen),
      // The panel takes focus from the button and gives it back on closing: enabled by then.
      () => enableAgain(button.current, () => setState('added')),
    ).catch(() => ({ ok: false, message: undefined }));
    if (!answer.ok) {
      enableAgain(button.current, () => setState('normal'));
      setError(answer.message ?? shopMessages.unknownError);
    }
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
              <option value="">{cartMessages.chooseAnOption}</option>
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
                {variation.inStock ? cartMessages.variationInStock : cartMessages.outOfStock}
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
            ref={button}
            type="submit"
            name="add-to-cart"
            value={product.id}
            className={`button button-primary single_add_to_cart_button${state === 'loading' ? ' loading' : ''}${state === 'added' ? ' added' : ''}`}
            disabled={state === 'loading'}
            aria-busy={state === 'loading' || undefined}
            onPointerEnter={preloadSlideOutCart}
            onFocus={preloadSlideOutCart}
          >
            {cartMessages.addToCart}
          </button>
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

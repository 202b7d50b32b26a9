import type { PageActionArgs, PageLoaderArgs } from '../../page-context.ts';
import { Form, redirect, useNavigation, type MetaFunction } from 'react-router';
import { ShopError } from '../../platform/errors/shop-error.ts';
import { format, messages } from '../../platform/messages/index.ts';
import { formatMoney } from '../../platform/money/money.ts';
import { verifyNonce } from '../../platform/nonce/nonce.ts';
import { Price } from '../../ui/price.tsx';
import { QuantityInput } from '../../ui/quantity-input.tsx';
import { CART_NONCE } from '../nonces.ts';
import { minor } from '../store-cart.ts';
import { CartTotalsRows, EmptyCart } from '../ui/cart-totals.tsx';
import { removeItemUrl } from '../ui/mini-cart.tsx';

export const meta: MetaFunction = () => [{ title: `Cart – ${messages.shopName}` }];
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ request, context }: PageLoaderArgs) {
  const { shop, session } = context;
  const url = new URL(request.url);
  const removeKey = url.searchParams.get('remove_item');
  if (removeKey !== null) {
    // The no-JavaScript remove link: checked by nonce, then back to a clean cart URL.
    if (
      session &&
      verifyNonce(
        shop.secret,
        url.searchParams.get('_wpnonce') ?? undefined,
        CART_NONCE,
        session.id,
      )
    ) {
      try {
        const view = await shop.cart.remove(session.id, removeKey);
        context.cartChanged(view);
        const product = await shop.catalog.productById(view.removed.productId);
        await shop.sessions.addNotice(session.id, {
          type: 'success',
          text: format(messages.removedFromCart, { name: product?.name ?? '' }),
        });
      } catch (error) {
        if (!(error instanceof ShopError)) throw error;
        await shop.sessions.addNotice(session.id, { type: 'error', text: error.message });
      }
    }
    throw redirect('/cart/', 303);
  }
  const view = await shop.cart.read(session?.id);
  return { cart: view.store, nonce: context.nonce(CART_NONCE) };
}

/** Quantity updates from the cart form (`cart[key][qty]`), with or without JavaScript. */
export async function action({ request, context }: PageActionArgs) {
  const form = await request.formData();
  const { shop, session } = context;
  if (
    !session ||
    !verifyNonce(shop.secret, String(form.get('_wpnonce') ?? ''), CART_NONCE, session.id)
  ) {
    return { errors: [messages.invalidNonce] };
  }
  const errors: string[] = [];
  let lastView;
  for (const [name, value] of form.entries()) {
    const match = /^cart\[([a-f0-9]{32})\]\[qty\]$/.exec(name);
    if (!match || typeof value !== 'string') continue;
    const quantity = Number(value);
    try {
      lastView = await shop.cart.setQuantity(
        session.id,
        match[1]!,
        Number.isInteger(quantity) && quantity >= 0 ? quantity : -1,
      );
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      errors.push(error.message);
    }
  }
  if (lastView) context.cartChanged(lastView);
  if (errors.length > 0) return { errors };
  await shop.sessions.addNotice(session.id, { type: 'success', text: messages.cartUpdated });
  return redirect('/cart/', 303);
}

export default function CartPage({
  loaderData,
  actionData,
}: {
  loaderData: Awaited<ReturnType<typeof loader>>;
  actionData?: { errors: string[] };
}) {
  const { cart, nonce } = loaderData;
  const navigation = useNavigation();
  if (cart.items.length === 0) return <EmptyCart title="Cart" />;
  return (
    <div className="cart-page">
      <h1>Cart</h1>
      {actionData?.errors && actionData.errors.length > 0 && (
        <ul className="notice notice-error woocommerce-error" role="alert">
          {actionData.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
      <div className="cart-layout">
        <Form
          method="post"
          className="woocommerce-cart-form"
          aria-busy={navigation.state !== 'idle' || undefined}
        >
          <input type="hidden" name="_wpnonce" value={nonce} />
          <table className="shop_table cart">
            <caption className="visually-hidden">Items in your cart</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">Remove item</span>
                </th>
                <th scope="col">
                  <span className="visually-hidden">Thumbnail image</span>
                </th>
                <th scope="col">Product</th>
                <th scope="col">Price</th>
                <th scope="col">Quantity</th>
                <th scope="col">Subtotal</th>
              </tr>
            </thead>
            <tbody>
              {cart.items.map((item) => (
                <tr key={item.key} className="cart_item">
                  <td className="product-remove">
                    <a
                      href={removeItemUrl(item.key, nonce)}
                      className="remove"
                      aria-label={`Remove ${item.name} from cart`}
                    >
                      ×
                    </a>
                  </td>
                  <td className="product-thumbnail">
                    {item.images[0] && (
                      <img src={item.images[0].thumbnail} alt="" width={64} height={64} />
                    )}
                  </td>
                  <td className="product-name" data-title="Product">
                    <a href={item.permalink}>{item.name}</a>
                    {item.variation.length > 0 && (
                      <dl className="variation">
                        {item.variation.map((v) => (
                          <div key={v.attribute}>
                            <dt>{v.attribute}:</dt> <dd>{v.value}</dd>
                          </div>
                        ))}
                      </dl>
                    )}
                  </td>
                  <td className="product-price" data-title="Price">
                    <Price
                      amount={minor(item.prices.price)}
                      oldAmount={minor(item.prices.regular_price)}
                    />
                  </td>
                  <td className="product-quantity" data-title="Quantity">
                    <QuantityInput
                      name={`cart[${item.key}][qty]`}
                      defaultValue={item.quantity}
                      min={0}
                      max={item.quantity_limits.maximum}
                      label={`Quantity of ${item.name}`}
                    />
                  </td>
                  <td className="product-subtotal" data-title="Subtotal">
                    {formatMoney(minor(item.totals.line_subtotal))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="cart-actions">
            <button type="submit" className="button" name="update_cart" value="Update cart">
              Update cart
            </button>
          </p>
        </Form>
        <section className="cart-collaterals" aria-labelledby="cart-totals-heading">
          <h2 id="cart-totals-heading">Cart totals</h2>
          <table className="shop_table totals">
            <tbody>
              <CartTotalsRows cart={cart} />
            </tbody>
          </table>
          <p>
            <a href="/checkout/" className="button button-primary checkout-button">
              {messages.proceedToCheckout}
            </a>
          </p>
        </section>
      </div>
    </div>
  );
}

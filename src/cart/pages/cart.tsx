import type { PageActionArgs, PageContext, PageLoaderArgs } from '../../page-context.ts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form, redirect, useNavigation, type MetaFunction } from 'react-router';
import { z } from 'zod';
import { format, messages } from '../../platform/messages/index.ts';
import { useFormatMoney } from '../../ui/money.tsx';
import {
  applyCoupon,
  removeCoupon,
  removeItem,
  setQuantity,
  type CartIdentity,
  type CartOutcome,
} from '../operations.ts';
import { couponCodeField } from '../schemas.ts';
import { Price } from '../../ui/price.tsx';
import { QuantityInput } from '../../ui/quantity-input.tsx';
import { APPLY_COUPON_NONCE, CART_NONCE, REMOVE_COUPON_NONCE } from '../nonces.ts';
import { minor } from '../store-api.types.ts';
import { CartTotalsRows, EmptyCart } from '../ui/cart-totals.tsx';
import { CartShipping } from '../ui/cart-shipping.tsx';
import { countries } from '../../platform/address/countries.ts';
import { normaliseState } from '../../platform/address/country-locale.ts';
import { formatPostcode, isValidPostcode } from '../../platform/address/postcode.ts';
import { removeItemUrl } from '../ui/mini-cart.tsx';
import { Notices, ownNoticesHandle, useWaitingNotices } from '../../ui/notices.tsx';

/**
 * A refusal from the shop's services. By name, not `instanceof`: the services are the server's
 * modules, while this page runs from React Router's build, which bundles its own copy of the class.
 */
export const meta: MetaFunction = () => [{ title: `${messages.cartTitle} – ${messages.shopName}` }];
export const headers = () => ({ 'Cache-Control': 'private, no-store' });
export const handle = ownNoticesHandle;

/**
 * A no-JavaScript cart link (`?remove_item=` or `?remove_coupon=`): checked by the cart nonce,
 * carried out with its notice, then back to a clean cart URL. A forged link changes nothing.
 */
async function followCartLink(
  context: PageLoaderArgs['context'],
  url: URL,
  change: (identity: CartIdentity) => Promise<CartOutcome>,
): Promise<never> {
  const { session } = context;
  const nonce = url.searchParams.get('_wpnonce') ?? undefined;
  if (session && (await context.request.verifyNonce(CART_NONCE, nonce))) {
    const outcome = await change({ sessionId: session.id });
    if (outcome.ok) context.cartChanged(outcome.view);
    const notice = outcome.ok ? outcome.notice : outcome.message;
    await context.request.addNotice({ type: outcome.ok ? 'success' : 'error', text: notice });
  }
  throw redirect('/cart/', 303);
}

/** The cart page's no-JavaScript links: `?remove_item={key}` and `?remove_coupon={code}`. */
const cartLinkSchema = z.looseObject({
  remove_item: z.string().max(64).optional(),
  remove_coupon: couponCodeField.optional(),
});

export async function loader({ url, context }: PageLoaderArgs) {
  const { shop, session } = context;
  const links = cartLinkSchema.safeParse(Object.fromEntries(url.searchParams));
  const { remove_item: key, remove_coupon: code } = links.success ? links.data : {};
  if (key !== undefined) {
    await followCartLink(context, url, (identity) =>
      removeItem(context.cartOperations, { ...identity, key }),
    );
  }
  if (code !== undefined) {
    await followCartLink(context, url, (identity) =>
      removeCoupon(context.cartOperations, { ...identity, code }),
    );
  }
  const view = await shop.cart.read(session?.id);
  const refusals = new Map(view.couponRefusals.map((refusal) => [refusal.code, refusal.message]));
  return {
    cart: view.store,
    nonce: context.nonce(CART_NONCE),
    /** For scripts that use the wc-ajax coupon calls (WooCommerce's `wc_cart_params`). */
    couponNonces: {
      apply: context.nonce(APPLY_COUPON_NONCE),
      remove: context.nonce(REMOVE_COUPON_NONCE),
    },
    /** Every code on the cart, with why it gives no discount now (if it does not). */
    coupons: view.cart.coupons.map((code) => ({ code, refusal: refusals.get(code) ?? null })),
  };
}

function removeCouponUrl(code: string, nonce: string): string {
  return `/cart/?remove_coupon=${encodeURIComponent(code)}&_wpnonce=${encodeURIComponent(nonce)}`;
}

interface ActionData {
  errors?: string[];
  /** A refused coupon: shown beneath the coupon field, with the code as typed. */
  couponError?: string;
  couponCode?: string;
}

/** The coupon form's post: a success notice on the cart page, or the refusal under the field. */
async function applyCouponFromForm(
  context: PageContext,
  sessionId: string,
  code: string,
): Promise<ActionData | Response> {
  const applied = await applyCoupon(context.cartOperations, { sessionId, code });
  if (!applied.ok) return { couponError: applied.message, couponCode: code };
  context.cartChanged(applied.view);
  await context.request.addNotice({ type: 'success', text: applied.notice });
  return redirect('/cart/', 303);
}

const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim().slice(0, 200) : '';
};

/** The shipping forms of the cart totals: a chosen rate, or the shipping calculator's address. */
async function changeShipping(
  context: PageContext,
  sessionId: string,
  form: FormData,
): Promise<ActionData | Response | null> {
  const { shop } = context;
  if (form.has('calc_shipping')) {
    const country = formText(form, 'calc_shipping_country').toUpperCase();
    if (!(country in countries)) return { errors: [messages.invalidShippingCountry] };
    // The checkout's rules: the state as its code, the postcode checked and in its format.
    const postcode = formText(form, 'calc_shipping_postcode');
    if (postcode !== '' && !isValidPostcode(postcode, country))
      return { errors: [messages.invalidShippingPostcode] };
    const destination = {
      country,
      state: normaliseState(country, formText(form, 'calc_shipping_state')),
      city: formText(form, 'calc_shipping_city'),
      postcode: formatPostcode(postcode, country),
    };
    context.cartChanged(await shop.cart.setCustomer(sessionId, { destination }));
    await shop.sessions.addNotice(sessionId, { type: 'success', text: messages.shippingUpdated });
    return redirect('/cart/', 303);
  }
  const rate = formText(form, 'shipping_method[0]');
  if (rate === '' || form.has('update_cart')) return null;
  context.cartChanged(await shop.cart.setCustomer(sessionId, { shippingRate: rate }));
  return redirect('/cart/', 303);
}

/**
 * The cart page's forms, with or without JavaScript: quantity updates (`cart[key][qty]`) and the
 * coupon form (`coupon_code`).
 */
export async function action({ request, context }: PageActionArgs): Promise<ActionData | Response> {
  const form = await request.formData();
  const { session } = context;
  const fields = cartForm.safeParse(Object.fromEntries(form));
  if (
    !session ||
    !fields.success ||
    !(await context.request.verifyNonce(CART_NONCE, fields.data._wpnonce))
  ) {
    return { errors: [messages.invalidNonce] };
  }
  const shipping = await changeShipping(context, session.id, form);
  if (shipping) return shipping;
  if (fields.data.coupon_code !== undefined) {
    return applyCouponFromForm(context, session.id, fields.data.coupon_code);
  }
  return updateQuantities(context, session.id, form);
}

/** The cart form's fields other than the quantity boxes and the shipping forms. */
const cartForm = z.looseObject({
  _wpnonce: z.string().max(64).optional(),
  coupon_code: couponCodeField.optional(),
});

/** A quantity box: decimal digits only (an empty box or `0x2` is not a quantity; 0 removes). */
const quantityBox = z
  .string()
  .regex(/^\d{1,7}$/)
  .transform(Number);
const quantityBoxName = /^cart\[([a-f0-9]{32})\]\[qty\]$/;

async function updateQuantities(
  context: PageContext,
  sessionId: string,
  form: FormData,
): Promise<ActionData | Response> {
  const errors: string[] = [];
  let lastView;
  for (const [name, value] of form.entries()) {
    const key = quantityBoxName.exec(name)?.[1];
    if (key === undefined) continue;
    const quantity = quantityBox.safeParse(value);
    const input = { sessionId, key, quantity: quantity.success ? quantity.data : -1 };
    const updated = await setQuantity(context.cartOperations, input);
    if (updated.ok) lastView = updated.view;
    else errors.push(updated.message);
  }
  if (lastView) context.cartChanged(lastView);
  if (errors.length > 0) return { errors };
  await context.request.addNotice({ type: 'success', text: messages.cartUpdated });
  return redirect('/cart/', 303);
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

/**
 * The coupon form (seed 000 §4, §5): a plain form post to this page's action, so it works without
 * JavaScript; with it, `Apply coupon` is enabled only while the field holds a code. A refusal
 * shows beneath the field; each code on the cart has a [Remove] link.
 */
function CouponForm({
  nonce,
  couponNonces,
  coupons,
  error,
  typed,
}: {
  nonce: string;
  couponNonces: LoaderData['couponNonces'];
  coupons: LoaderData['coupons'];
  error: string | undefined;
  typed: string | undefined;
}) {
  const navigation = useNavigation();
  const [code, setCode] = useState(typed ?? '');
  const [hydrated, setHydrated] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    setHydrated(true);
    // A code typed before the page's JavaScript came stays once React holds the input.
    const early = input.current?.value;
    if (early) setCode(early);
  }, []);
  const applying = navigation.state !== 'idle' && navigation.formData?.has('coupon_code') === true;
  return (
    <div
      className="cart-coupon"
      data-apply-coupon-nonce={couponNonces.apply}
      data-remove-coupon-nonce={couponNonces.remove}
    >
      <Form method="post" action="/cart/" className="coupon" aria-busy={applying || undefined}>
        <input type="hidden" name="_wpnonce" value={nonce} />
        <label htmlFor="coupon_code">{messages.couponCode}</label>
        <div className="coupon-row">
          <input
            id="coupon_code"
            name="coupon_code"
            type="text"
            className="input-text"
            ref={input}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'coupon_code-error' : undefined}
          />
          <button
            type="submit"
            className={applying ? 'button loading' : 'button'}
            name="apply_coupon"
            value={messages.applyCoupon}
            disabled={hydrated && (code.trim() === '' || applying)}
          >
            {messages.applyCoupon}
          </button>
        </div>
        {error && (
          <p id="coupon_code-error" className="field-error coupon-error" role="alert">
            {error}
          </p>
        )}
      </Form>
      {coupons.length > 0 && (
        <ul className="applied-coupons" aria-label={messages.appliedCoupons}>
          {coupons.map((coupon) => (
            <li key={coupon.code} className={coupon.refusal ? 'coupon-refused' : undefined}>
              <span className="coupon-code">{coupon.code}</span>{' '}
              <a
                href={removeCouponUrl(coupon.code, nonce)}
                className="woocommerce-remove-coupon"
                data-coupon={coupon.code}
                aria-label={format(messages.removeCouponLabel, { code: coupon.code })}
              >
                {messages.removeCoupon}
              </a>
              {coupon.refusal && <span className="coupon-refusal">{coupon.refusal}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function CartPage({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: ActionData;
}) {
  const { cart, nonce, couponNonces, coupons } = loaderData;
  const navigation = useNavigation();
  const formatMoney = useFormatMoney();
  const waiting = useWaitingNotices();
  const notices = useMemo(
    () => [
      ...waiting,
      ...(actionData?.errors ?? []).map((text) => ({ type: 'error' as const, text })),
    ],
    [waiting, actionData?.errors],
  );
  if (cart.items.length === 0) return <EmptyCart title={messages.cartTitle} />;
  return (
    <div className="cart-page">
      <h1>{messages.cartTitle}</h1>
      <Notices notices={notices} />
      <div className="cart-layout">
        <div className="cart-main">
          <Form
            method="post"
            action="/cart/"
            className="woocommerce-cart-form"
            aria-busy={navigation.state !== 'idle' || undefined}
          >
            <input type="hidden" name="_wpnonce" value={nonce} />
            <table className="shop_table cart">
              <caption className="visually-hidden">{messages.cartTableCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">{messages.columnRemove}</span>
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">{messages.columnThumbnail}</span>
                  </th>
                  <th scope="col">{messages.product}</th>
                  <th scope="col">{messages.columnPrice}</th>
                  <th scope="col">{messages.quantity}</th>
                  <th scope="col">{messages.subtotal}</th>
                </tr>
              </thead>
              <tbody>
                {cart.items.map((item) => (
                  <tr key={item.key} className="cart_item">
                    <td className="product-remove">
                      <a
                        href={removeItemUrl(item.key, nonce)}
                        className="remove"
                        aria-label={format(messages.removeItemLabel, { name: item.name })}
                      >
                        ×
                      </a>
                    </td>
                    <td className="product-thumbnail">
                      {item.images[0] && (
                        <img src={item.images[0].thumbnail} alt="" width={64} height={64} />
                      )}
                    </td>
                    <td className="product-name" data-title={messages.product}>
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
                    <td className="product-price" data-title={messages.columnPrice}>
                      <Price
                        amount={minor(item.prices.price)}
                        oldAmount={minor(item.prices.regular_price)}
                      />
                    </td>
                    <td className="product-quantity" data-title={messages.quantity}>
                      <QuantityInput
                        name={`cart[${item.key}][qty]`}
                        defaultValue={item.quantity}
                        min={0}
                        max={item.quantity_limits.maximum}
                        label={format(messages.quantityOf, { name: item.name })}
                        raiseToMin={false}
                      />
                    </td>
                    <td className="product-subtotal" data-title={messages.subtotal}>
                      {formatMoney(minor(item.totals.line_subtotal))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="cart-actions">
              <button
                type="submit"
                className="button"
                name="update_cart"
                value={messages.updateCart}
              >
                {messages.updateCart}
              </button>
            </p>
          </Form>
          <CouponForm
            // A changed set of codes (a coupon applied or removed) starts the form afresh.
            key={coupons.map((coupon) => coupon.code).join(' ')}
            nonce={nonce}
            couponNonces={couponNonces}
            coupons={coupons}
            error={actionData?.couponError}
            typed={actionData?.couponCode}
          />
        </div>
        <section className="cart-collaterals" aria-labelledby="cart-totals-heading">
          <h2 id="cart-totals-heading">{messages.cartTotalsHeading}</h2>
          <table className="shop_table totals">
            <tbody>
              <CartTotalsRows cart={cart} shipping={<CartShipping cart={cart} nonce={nonce} />} />
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

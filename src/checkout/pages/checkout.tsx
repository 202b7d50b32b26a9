import type { PageActionArgs, PageLoaderArgs } from '../../page-context.ts';
import { useEffect, useRef, useState } from 'react';
import { redirect, type MetaFunction } from 'react-router';
import { minor } from '../../cart/store-cart.ts';
import { paymentMethods } from '../../payments/methods.ts';
import { CartTotalsRows, EmptyCart } from '../../cart/ui/cart-totals.tsx';
import { CardElement } from '../../payments/ui/card-element.tsx';
import { createPaymentMethod, type CardDetails } from '../../payments/ui/local-stripe.ts';
import { postForm, wcAjaxUrl } from '../../platform/http/client.ts';
import { messages } from '../../platform/messages/index.ts';
import { formatMoney } from '../../platform/money/money.ts';
import { verifyNonce } from '../../platform/nonce/nonce.ts';
import type { Notice } from '../../platform/session/session.ts';
import { Notices } from '../../ui/notices.tsx';
import { BlockingOverlay } from '../../ui/overlay.tsx';
import { billingFields, type FieldError } from '../address.ts';
import { countries, defaultCountry } from '../countries.ts';
import { CHECKOUT_NONCE } from '../nonces.ts';
import { placeOrder } from '../place-order.ts';

export const meta: MetaFunction = () => [{ title: `Checkout – ${messages.shopName}` }];
export const headers = () => ({ 'Cache-Control': 'private, no-store' });

export async function loader({ context }: PageLoaderArgs) {
  const { shop, session } = context;
  const view = await shop.cart.read(session?.id);
  return {
    cart: view.store,
    nonce: context.nonce(CHECKOUT_NONCE),
    publishableKey: shop.payments.publishableKey,
    testMode: shop.payments.testMode,
  };
}

interface ActionData {
  errors: string[];
  fieldErrors: FieldError[];
  values: Record<string, string>;
}

/** The no-JavaScript checkout: the form posts here and lands on the order-received page. */
export async function action({ request, context }: PageActionArgs): Promise<ActionData | Response> {
  const form = Object.fromEntries(
    [...(await request.formData()).entries()].filter(
      (e): e is [string, string] => typeof e[1] === 'string',
    ),
  );
  const { shop, session } = context;
  if (
    !verifyNonce(
      shop.secret,
      form['woocommerce-process-checkout-nonce'],
      CHECKOUT_NONCE,
      session?.id ?? '',
    )
  ) {
    return { errors: [messages.invalidNonce], fieldErrors: [], values: form };
  }
  const result = await placeOrder(shop.checkoutDeps, session?.id, form);
  if (result.result === 'failure')
    return { errors: result.messages, fieldErrors: result.fieldErrors, values: form };
  if (session) context.cartChanged(await shop.cart.read(session.id));
  return redirect(result.redirect, 303);
}

interface CheckoutAjaxResult {
  result?: 'success' | 'failure';
  redirect?: string;
  errors?: string[];
  field_errors?: FieldError[];
  message?: string;
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

function BillingFields({
  values,
  fieldErrors,
}: {
  values: Record<string, string>;
  fieldErrors: FieldError[];
}) {
  const invalid = new Set(fieldErrors.map((e) => e.field));
  return (
    <fieldset className="billing-fields">
      <legend>Billing details</legend>
      <div className="form-grid">
        {billingFields.map((field) => {
          const name = `billing_${field.key}`;
          const id = name;
          const common = {
            id,
            name,
            autoComplete: field.autocomplete,
            required: field.required,
            'aria-invalid': invalid.has(name) || undefined,
            'aria-required': field.required || undefined,
            defaultValue: values[name] ?? (field.key === 'country' ? defaultCountry : ''),
            className: 'input-text',
          };
          const wide = ['country', 'address_1', 'address_2', 'email', 'company'].includes(
            field.key,
          );
          return (
            <p
              key={name}
              className={`form-row ${wide ? 'form-row-wide' : ''} ${invalid.has(name) ? 'woocommerce-invalid' : ''}`}
              id={`${name}_field`}
            >
              <label htmlFor={id}>
                {field.label}{' '}
                {field.required ? (
                  <abbr className="required" title="required">
                    *
                  </abbr>
                ) : (
                  <span className="optional">(optional)</span>
                )}
              </label>
              {field.key === 'country' ? (
                <select {...common}>
                  {Object.entries(countries).map(([code, label]) => (
                    <option key={code} value={code}>
                      {label}
                    </option>
                  ))}
                </select>
              ) : (
                <input {...common} type={field.type ?? 'text'} />
              )}
            </p>
          );
        })}
      </div>
    </fieldset>
  );
}

function OrderReview({ cart }: { cart: LoaderData['cart'] }) {
  return (
    <table className="shop_table woocommerce-checkout-review-order-table">
      <caption className="visually-hidden">Your order</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Subtotal</th>
        </tr>
      </thead>
      <tbody>
        {cart.items.map((item) => (
          <tr key={item.key} className="cart_item">
            <td>
              {item.name}
              {item.variation.length > 0 &&
                ` – ${item.variation.map((v) => v.value).join(', ')}`}{' '}
              <strong className="product-quantity">× {item.quantity}</strong>
            </td>
            <td>{formatMoney(minor(item.totals.line_subtotal))}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <CartTotalsRows cart={cart} />
      </tfoot>
    </table>
  );
}

export default function CheckoutPage({
  loaderData,
  actionData,
}: {
  loaderData: LoaderData;
  actionData?: ActionData;
}) {
  const { cart, nonce, publishableKey } = loaderData;
  const [hydrated, setHydrated] = useState(false);
  const [method, setMethod] = useState(actionData?.values.payment_method ?? 'stripe');
  const [card, setCard] = useState<CardDetails>({ number: '', expiry: '', cvc: '' });
  const [processing, setProcessing] = useState(false);
  const [notices, setNotices] = useState<Notice[]>(
    (actionData?.errors ?? []).map((text) => ({ type: 'error', text })),
  );
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>(actionData?.fieldErrors ?? []);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => setHydrated(true), []);

  if (cart.items.length === 0) return <EmptyCart title="Checkout" />;

  function fail(texts: string[], errors: FieldError[] = []) {
    setNotices(texts.map((text) => ({ type: 'error', text })));
    setFieldErrors(errors);
    setProcessing(false);
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (processing) return;
    setProcessing(true);
    const form = new FormData(event.currentTarget);
    const field = (name: string) => String(form.get(name) ?? '');
    if (field('payment_method') === 'stripe' && minor(cart.totals.total_price) > 0) {
      const result = await createPaymentMethod(publishableKey, card, {
        name: `${field('billing_first_name')} ${field('billing_last_name')}`.trim(),
        email: field('billing_email'),
        phone: field('billing_phone'),
        address: {
          city: field('billing_city'),
          country: field('billing_country'),
          line1: field('billing_address_1'),
          line2: field('billing_address_2'),
          postal_code: field('billing_postcode'),
          state: field('billing_state'),
        },
      });
      if ('error' in result) return fail([result.error.message]);
      form.set('wc-stripe-payment-method', result.paymentMethod.id);
    }
    try {
      const response = await postForm<CheckoutAjaxResult>(
        wcAjaxUrl('checkout'),
        new URLSearchParams(form as unknown as Record<string, string>),
      );
      const data = response.data ?? {};
      if (data.result === 'success' && data.redirect) {
        window.location.assign(data.redirect);
        return;
      }
      fail(data.errors ?? [data.message ?? messages.checkoutGenericError], data.field_errors ?? []);
    } catch {
      fail([messages.checkoutGenericError]);
    }
  }

  return (
    <div className="checkout-page">
      <h1>Checkout</h1>
      <Notices notices={notices} scrollIntoView />
      <form
        ref={formRef}
        method="post"
        className={`checkout woocommerce-checkout${processing ? ' processing' : ''}`}
        onSubmit={hydrated ? onSubmit : undefined}
        aria-busy={processing || undefined}
        noValidate={hydrated}
      >
        <input type="hidden" name="woocommerce-process-checkout-nonce" value={nonce} />
        <div className="checkout-layout">
          <div className="checkout-customer">
            <BillingFields values={actionData?.values ?? {}} fieldErrors={fieldErrors} />
            <p className="form-row form-row-wide">
              <label htmlFor="order_comments">
                Order notes <span className="optional">(optional)</span>
              </label>
              <textarea
                id="order_comments"
                name="order_comments"
                rows={3}
                className="input-text"
                placeholder="Notes about your order, e.g. special notes for delivery."
                defaultValue={actionData?.values.order_comments ?? ''}
              />
            </p>
          </div>
          <div className="checkout-review">
            <h2 id="order_review_heading">Your order</h2>
            <OrderReview cart={cart} />
            <fieldset className="wc_payment_methods payment_methods">
              <legend>Payment method</legend>
              <ul>
                {paymentMethods.map((pm) => (
                  <li key={pm.id} className={`wc_payment_method payment_method_${pm.id}`}>
                    <input
                      id={`payment_method_${pm.id}`}
                      type="radio"
                      name="payment_method"
                      value={pm.id}
                      checked={method === pm.id}
                      onChange={() => setMethod(pm.id)}
                      className="input-radio"
                    />
                    <label htmlFor={`payment_method_${pm.id}`}>{pm.title}</label>
                    <div className="payment_box" hidden={method !== pm.id}>
                      <p>{pm.description}</p>
                      {pm.id === 'stripe' &&
                        (hydrated ? (
                          <CardElement value={card} onChange={setCard} disabled={processing} />
                        ) : (
                          <p className="notice notice-info">{messages.cardPaymentNeedsJs}</p>
                        ))}
                    </div>
                  </li>
                ))}
              </ul>
            </fieldset>
            <button
              type="submit"
              className="button button-primary button-large"
              id="place_order"
              name="woocommerce_checkout_place_order"
              value={messages.placeOrder}
              disabled={processing}
            >
              {messages.placeOrder}
            </button>
          </div>
        </div>
      </form>
      <BlockingOverlay active={processing} fullPage />
    </div>
  );
}

import { formPaymentsMessages } from '../../../platform/messages/form-payments.ts';
import { format } from '../../../platform/messages/index.ts';
import { postMultipart } from '../../../platform/http/client.ts';
import {
  amountCharacters,
  formatAmountNumber,
  sanitizeAmount,
} from '../../../platform/money/amount-style.ts';
import type { Money } from '../../../platform/money/money.ts';
import type { BillingDetails } from '../../../payments/ui/local-stripe.ts';
import type { PaymentProvider } from '../../../payments/ui/payment-provider.types.ts';
import { TEST_PUBLISHABLE_KEY } from '@shop/test-processor/keys';
import { customerOf } from '../../payments/customer.ts';
import type { FieldOf } from '../../definition.ts';
import { PAYMENT_WIRE, RETURN_PARAMS } from '../../payments/payment-wire.ts';
import {
  amountStyle,
  inBatches,
  orderSummary,
  paymentTotals,
  shouldRecalculate,
  withTotalOverride,
  type FormCoupon,
} from '../../payments/totals.ts';
import { fieldName } from '../../wire.ts';
import type { FormContext } from '../context.ts';
import { dispatch, fieldElement, setText, submitButton } from '../dom.ts';
import { clearFieldError, showFieldError, showGeneralError } from '../errors.ts';
import { showConfirmation, type SubmitAnswer } from '../submit.ts';
import { on } from './listen.ts';

/**
 * A paying form in the browser (issue 13; seed 002 §2, §3, §5; seed 001): the running total and
 * the order summary worked out by the same functions the server charges by (payments/totals.ts),
 * the user-entered amount's typing filter and its formatting on blur, the shop's coupon applied at
 * once, and the card taken by the shop's payment provider (the test processor's stand-in, or
 * Stripe.js with keys): the browser posts only the payment method it made, the server charges,
 * and a 3D Secure challenge is answered through the provider and `wpforms_confirm_payment`.
 */
export interface FormPayments {
  /** Before the post: makes the card's payment method; false when the card was refused here. */
  prepare(body: FormData): Promise<boolean>;
}

interface CouponAnswer {
  success?: boolean;
  data?: {
    message?: string;
    coupon?: {
      code: string;
      discount_type: FormCoupon['discountType'];
      amount: number;
      minimum_spend: Money | null;
    };
  };
}

const m = formPaymentsMessages.formPayments;

export function attachPayments(context: FormContext): FormPayments {
  const { form, definition } = context;
  const fields = definition.fields;
  const style = amountStyle(definition.settings);
  let coupon: FormCoupon | undefined;
  let shownTotal: Money | undefined;
  let generation = 0;
  // One submission, however often it is sent (a double click, another card after a decline).
  const submissionId = crypto.randomUUID();

  /** Seed 002 §5: a page's listener may set `detail.override`; kept only when 0 or more. */
  const overridden = (total: Money): Money => {
    const detail: { total: Money; override?: unknown } = { total };
    dispatch(form, 'wpformsAmountTotalCalculated', detail);
    return withTotalOverride(total, detail.override);
  };

  /** Seed 002 §5: worked out again only when the total changed or a choice changed. */
  const update = (trigger?: string, force = false) => {
    const values = context.values();
    const visible = context.visible();
    const total = overridden(paymentTotals(definition, values, visible, coupon).total);
    if (!force && shownTotal !== undefined && !shouldRecalculate(trigger, shownTotal, total))
      return;
    shownTotal = total;
    const summary = orderSummary(definition, values, visible, coupon, total);
    for (const output of form.querySelectorAll<HTMLElement>('[data-total]'))
      setText(output, summary.total);
    for (const input of form.querySelectorAll<HTMLInputElement>('[data-total-input]'))
      input.value = String(total);
    const mine = ++generation;
    for (const table of form.querySelectorAll<HTMLTableElement>('[data-order-summary]')) {
      // Seed 002 §2: the rows change ten at a time, one batch a frame.
      const batches = inBatches(summary.rows);
      const step = (index: number) => {
        if (mine !== generation) return;
        for (const row of batches[index] ?? []) {
          const tr = table.querySelector<HTMLTableRowElement>(
            `tr[data-summary-row="${CSS.escape(row.key)}"]`,
          );
          if (!tr) continue;
          tr.hidden = !row.shown;
          const [, quantity, price] = tr.cells;
          if (quantity) setText(quantity, String(row.quantity));
          if (price) setText(price, row.price);
        }
        if (index + 1 < batches.length) requestAnimationFrame(() => step(index + 1));
      };
      step(0);
      const placeholder = table.querySelector<HTMLElement>('[data-summary-placeholder]');
      if (placeholder) placeholder.hidden = !summary.placeholder;
      const couponRow = table.querySelector<HTMLElement>('[data-summary-coupon]');
      if (couponRow) {
        couponRow.hidden = !summary.coupon;
        const label = couponRow.querySelector('[data-summary-coupon-label]');
        const amount = couponRow.querySelector('[data-summary-coupon-amount]');
        if (label)
          setText(
            label,
            summary.coupon ? format(m.summaryCoupon, { code: summary.coupon.code }) : '',
          );
        if (amount) setText(amount, summary.coupon?.amount ?? '');
      }
      const priceHead = table.querySelector<HTMLElement>('thead .wpforms-order-summary-item-price');
      if (priceHead) priceHead.style.width = summary.priceColumnWidth;
    }
  };

  const onChange = (event: Event) => {
    const target = event.target as HTMLInputElement;
    update(event.type === 'change' ? target.type : undefined);
  };
  on(context, form, 'input', onChange);
  on(context, form, 'change', onChange);

  for (const field of fields) {
    const element = fieldElement(form, field.id);
    if (!element) continue;
    if (field.type === 'payment-single' && field.format === 'user') attachUserAmount(element);
    if (field.type === 'payment-coupon') attachCoupon(field, element);
  }

  /** Seed 002 §5: digits, period and comma while typing; sanitised and formatted on blur. */
  function attachUserAmount(element: HTMLElement): void {
    const input = element.querySelector<HTMLInputElement>('input[data-user-amount]');
    if (!input) return;
    on(context, input, 'input', () => {
      const kept = amountCharacters(input.value);
      if (kept !== input.value) input.value = kept;
    });
    on(context, input, 'blur', () => {
      if (input.value.trim() === '') return;
      const amount = sanitizeAmount(input.value, style);
      input.value = amount === undefined ? '' : formatAmountNumber(amount, style);
      update('blur', true);
    });
  }

  function attachCoupon(field: FieldOf<'payment-coupon'>, element: HTMLElement): void {
    const name = fieldName(field.id);
    const input = element.querySelector<HTMLInputElement>(`input[name="${CSS.escape(name)}"]`);
    const button = element.querySelector<HTMLButtonElement>('[data-coupon-apply]');
    const status = element.querySelector<HTMLElement>('[data-coupon-message]');
    if (!input || !button) return;
    button.hidden = false;
    const say = (text: string) => status && setText(status, text);
    const apply = async () => {
      const code = input.value.trim();
      if (code === '') {
        coupon = undefined;
        say('');
        clearFieldError(form, name);
        update('coupon', true);
        return;
      }
      button.disabled = true;
      try {
        const body = new FormData(form);
        body.set('action', 'wpforms_apply_coupon');
        body.set('coupon_code', code);
        const answer = (await postMultipart<CouponAnswer>(context.env.ajaxUrl, body)).data;
        const found = answer?.success ? answer.data?.coupon : undefined;
        if (found) {
          coupon = {
            code: found.code,
            discountType: found.discount_type,
            amount: found.amount,
            minimumSpend: found.minimum_spend,
          };
          input.value = found.code;
          clearFieldError(form, name);
          say(answer?.data?.message ?? m.couponApplied);
        } else {
          coupon = undefined;
          say('');
          showFieldError(form, name, answer?.data?.message ?? m.paymentFailed);
        }
      } catch {
        showFieldError(form, name, m.paymentFailed);
      } finally {
        button.disabled = false;
        update('coupon', true);
      }
    };
    on(context, button, 'click', () => void apply());
    on(context, input, 'keydown', (event) => {
      if (event.key !== 'Enter') return;
      // The coupon's Enter applies it rather than moving to the next page.
      event.preventDefault();
      event.stopPropagation();
      void apply();
    });
    on(context, input, 'input', () => {
      if (coupon && input.value.trim().toUpperCase() !== coupon.code.toUpperCase()) {
        coupon = undefined;
        say(m.couponRemoved);
        update('coupon', true);
      }
    });
  }

  const card = fields.find(
    (f): f is FieldOf<'stripe-credit-card'> => f.type === 'stripe-credit-card',
  );
  const cardElement = card && fieldElement(form, card.id);
  let provider: Promise<PaymentProvider> | undefined;
  const loadProvider = () =>
    (provider ??= import('./card-provider.ts').then(({ formCardProvider }) =>
      formCardProvider(context.env),
    ));
  if (card && cardElement) attachCard(cardElement);

  function attachCard(element: HTMLElement): void {
    const number = element.querySelector<HTMLInputElement>('[data-card=number]');
    const expiry = element.querySelector<HTMLInputElement>('[data-card=expiry]');
    const cvc = element.querySelector<HTMLInputElement>('[data-card=cvc]');
    if (number)
      on(context, number, 'input', () => {
        const digits = number.value.replace(/\D/g, '').slice(0, 16);
        number.value = digits.replace(/(\d{4})(?=\d)/g, '$1 ');
      });
    if (expiry)
      on(context, expiry, 'input', () => {
        const digits = expiry.value.replace(/\D/g, '').slice(0, 4);
        expiry.value = digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
      });
    if (cvc)
      on(context, cvc, 'input', () => {
        cvc.value = cvc.value.replace(/\D/g, '').slice(0, 3);
      });
    // With Stripe's keys, Stripe's own card element takes the card (on first focus of the page).
    if (context.env.publishableKey && !isLocalKey(context.env.publishableKey)) {
      void loadProvider().then((loaded) => {
        const box = element.querySelector<HTMLElement>('[data-card-provider]');
        if (!box) return;
        const unmount = loaded.mountCard(box);
        if (!unmount) return;
        box.hidden = false;
        for (const input of [number, expiry, cvc])
          input?.closest('span')?.setAttribute('hidden', '');
        context.cleanups.push(unmount);
      });
    }
  }

  async function prepare(body: FormData): Promise<boolean> {
    body.set(PAYMENT_WIRE.submissionId, submissionId);
    body.delete(PAYMENT_WIRE.paymentMethodId);
    if (!card || !cardElement || !context.visible().has(card.id)) return true;
    const values = context.values();
    const total = paymentTotals(definition, values, context.visible(), coupon).total;
    if (total <= 0) return true;
    const name = fieldName(card.id);
    const read = (part: string) =>
      cardElement.querySelector<HTMLInputElement>(`[data-card=${part}]`)?.value ?? '';
    const loaded = await loadProvider();
    const result = await loaded.createPaymentMethod({
      type: 'card',
      card: { number: read('number'), expiry: read('expiry'), cvc: read('cvc') },
      billing: billingOf(context),
    });
    if ('error' in result) {
      showFieldError(form, name, result.error.message);
      cardElement.querySelector<HTMLInputElement>('[data-card=number]')?.focus();
      return false;
    }
    clearFieldError(form, name);
    body.set(PAYMENT_WIRE.paymentMethodId, result.paymentMethod.id);
    return true;
  }

  // Seed 001: a card that asks for 3D Secure is challenged through the provider (it leaves the
  // page for the challenge and comes back to this page, where `confirmReturn` finishes it).
  on(context, form, 'wpformsAjaxSubmitActionRequired' as keyof HTMLElementEventMap, (event) => {
    const answer = (event as CustomEvent<SubmitAnswer>).detail;
    const secret = answer.data?.payment_intent_client_secret;
    if (!secret) return;
    void loadProvider().then(async (loaded) => {
      const result = await loaded.handleNextAction(secret);
      if ('error' in result) {
        showGeneralError(form, 'footer', result.error.message);
        restoreSubmit(context);
        return;
      }
      // Nothing left to do in the page: the server settles the entry from the intent.
      const intent = 'paymentIntent' in result ? result.paymentIntent : undefined;
      if (intent) void confirm(answer.data?.entry_id ?? 0, intent.id, secret);
    });
  });

  async function confirm(entryId: number, intentId: string, clientSecret: string): Promise<void> {
    const body = new FormData();
    body.set('action', 'wpforms_confirm_payment');
    body.set('form_id', definition.id);
    body.set('entry_id', String(entryId));
    body.set('payment_intent', intentId);
    body.set('payment_intent_client_secret', clientSecret);
    try {
      const answer = (await postMultipart<SubmitAnswer>(context.env.ajaxUrl, body)).data;
      if (answer?.success && answer.data?.confirmation !== undefined) {
        showConfirmation(context.container, answer.data.confirmation);
        return;
      }
      const errors = answer?.data?.errors;
      const footer =
        typeof errors === 'object' && typeof errors.general === 'object'
          ? errors.general.footer
          : undefined;
      showGeneralError(form, 'footer', footer ?? m.paymentFailed);
    } catch {
      showGeneralError(form, 'footer', m.paymentFailed);
    }
    restoreSubmit(context);
  }

  confirmReturn();
  /** Back from a challenge: the return URL names this form and its entry, and the intent. */
  function confirmReturn(): void {
    const url = new URL(window.location.href);
    const params = url.searchParams;
    if (params.get(RETURN_PARAMS.form) !== definition.id) return;
    const entryId = Number(params.get(RETURN_PARAMS.entry));
    const intentId = params.get('payment_intent') ?? '';
    const secret = params.get('payment_intent_client_secret') ?? '';
    for (const key of [
      RETURN_PARAMS.form,
      RETURN_PARAMS.entry,
      'payment_intent',
      'payment_intent_client_secret',
      'redirect_status',
    ])
      params.delete(key);
    window.history.replaceState(window.history.state, '', url.href);
    if (!Number.isSafeInteger(entryId) || entryId <= 0 || !intentId || !secret) return;
    void confirm(entryId, intentId, secret);
  }

  update();
  return { prepare };
}

const isLocalKey = (key: string) => key === TEST_PUBLISHABLE_KEY;

/** The card's billing details from the form's customer fields (the order's billing). */
function billingOf(context: FormContext): BillingDetails {
  const billing = customerOf(context.definition, context.values(), context.visible());
  return {
    name: [billing.first_name, billing.last_name].filter(Boolean).join(' '),
    email: billing.email,
    phone: billing.phone,
    address: {
      city: billing.city,
      country: billing.country,
      line1: billing.address_1,
      line2: billing.address_2,
      postal_code: billing.postcode,
      state: billing.state,
    },
  };
}

/** The submit button as it was before a payment that did not finish. */
function restoreSubmit(context: FormContext): void {
  const button = submitButton(context.form);
  if (!button) return;
  button.disabled = false;
  button.textContent = context.settings.submit_text;
}

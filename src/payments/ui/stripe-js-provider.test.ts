import type { Stripe } from '@stripe/stripe-js';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../platform/messages/index.ts';
import type { BillingDetails } from './local-stripe.ts';
import { stripeJsProvider } from './stripe-js-provider.ts';

const billing: BillingDetails = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0958',
  address: {
    city: 'London',
    country: 'GB',
    line1: '12 St James Square',
    line2: '',
    postal_code: 'SW1Y 4JH',
    state: '',
  },
};

/** The calls the provider makes on Stripe.js, answered as Stripe.js answers them. */
function fakeStripe() {
  const card = { mount: vi.fn(), destroy: vi.fn() };
  const elements = { create: vi.fn(() => card) };
  const stripe = {
    elements: vi.fn(() => elements),
    createPaymentMethod: vi.fn(),
    handleNextAction: vi.fn(),
    confirmPayment: vi.fn(),
    confirmSetup: vi.fn(),
  };
  return { stripe, card, elements, provider: stripeJsProvider(stripe as unknown as Stripe) };
}

describe('Stripe.js behind the provider interface', () => {
  it('mounts Stripe’s card element where the card is typed, and takes it away again', () => {
    const { provider, card, elements } = fakeStripe();
    const container = {} as HTMLElement;
    const unmount = provider.mountCard(container);
    expect(elements.create).toHaveBeenCalledWith('card', { hidePostalCode: true });
    expect(card.mount).toHaveBeenCalledWith(container);
    unmount!();
    expect(card.destroy).toHaveBeenCalledOnce();
  });

  it('makes a card payment method from the mounted element, never from card data of its own', async () => {
    const { provider, stripe, card } = fakeStripe();
    expect(await provider.createPaymentMethod({ type: 'card', billing })).toEqual({
      error: expect.objectContaining({ message: messages.cardErrors.incomplete_number }),
    });
    expect(stripe.createPaymentMethod).not.toHaveBeenCalled();

    provider.mountCard({} as HTMLElement);
    stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_1', type: 'card' } });
    const made = await provider.createPaymentMethod({
      type: 'card',
      card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
      billing,
    });
    expect(made).toEqual({ paymentMethod: { id: 'pm_1', type: 'card' } });
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({
      type: 'card',
      card,
      billing_details: billing,
    });
    expect(JSON.stringify(stripe.createPaymentMethod.mock.calls)).not.toContain('4242');
  });

  it('passes another type’s own fields', async () => {
    const { provider, stripe } = fakeStripe();
    stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_2', type: 'ideal' } });
    await provider.createPaymentMethod({ type: 'ideal', billing, details: { bank: 'ing' } });
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith({
      type: 'ideal',
      billing_details: billing,
      ideal: { bank: 'ing' },
    });
  });

  it('shows the shop’s texts for Stripe’s errors, never Stripe’s wording', async () => {
    const { provider, stripe } = fakeStripe();
    provider.mountCard({} as HTMLElement);
    stripe.createPaymentMethod.mockResolvedValue({
      error: { type: 'card_error', code: 'incorrect_cvc', message: 'Stripe’s own words.' },
    });
    expect(await provider.createPaymentMethod({ type: 'card', billing })).toEqual({
      error: expect.objectContaining({
        type: 'card_error',
        code: 'incorrect_cvc',
        message: messages.cardErrors.incorrect_cvc,
      }),
    });
    stripe.handleNextAction.mockResolvedValue({
      error: { type: 'api_connection_error', message: 'offline' },
    });
    expect(await provider.handleNextAction('pi_1_secret_2')).toEqual({
      error: expect.objectContaining({ message: messages.stripeJsErrors.connection }),
    });
  });

  it('answers handleNextAction with the payment or the setup intent, as Stripe.js does', async () => {
    const { provider, stripe } = fakeStripe();
    stripe.handleNextAction.mockResolvedValueOnce({
      paymentIntent: { id: 'pi_1', status: 'succeeded' },
    });
    expect(await provider.handleNextAction('pi_1_secret_2')).toEqual({
      paymentIntent: { id: 'pi_1', status: 'succeeded' },
    });
    stripe.handleNextAction.mockResolvedValueOnce({
      setupIntent: { id: 'seti_1', status: 'succeeded' },
    });
    expect(await provider.handleNextAction('seti_1_secret_2')).toEqual({
      setupIntent: { id: 'seti_1', status: 'succeeded' },
    });
    expect(stripe.handleNextAction).toHaveBeenLastCalledWith({ clientSecret: 'seti_1_secret_2' });
  });

  it('confirms with the method, return URL and BLIK code, redirecting only if required', async () => {
    const { provider, stripe } = fakeStripe();
    stripe.confirmPayment.mockResolvedValue({
      paymentIntent: { id: 'pi_1', status: 'processing' },
    });
    await provider.confirmPayment({
      clientSecret: 'pi_1_secret_2',
      paymentMethodId: 'pm_1',
      returnUrl: 'https://shop.example/checkout/order-received/1/',
      blikCode: '123456',
    });
    expect(stripe.confirmPayment).toHaveBeenCalledWith({
      clientSecret: 'pi_1_secret_2',
      confirmParams: {
        payment_method: 'pm_1',
        return_url: 'https://shop.example/checkout/order-received/1/',
        payment_method_options: { blik: { code: '123456' } },
      },
      redirect: 'if_required',
    });
    stripe.confirmSetup.mockResolvedValue({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
    expect(
      await provider.confirmSetup({ clientSecret: 'seti_1_secret_2', redirect: 'always' }),
    ).toEqual({ setupIntent: { id: 'seti_1', status: 'succeeded' } });
    expect(stripe.confirmSetup).toHaveBeenCalledWith({
      clientSecret: 'seti_1_secret_2',
      confirmParams: {},
      redirect: 'always',
    });
  });
});

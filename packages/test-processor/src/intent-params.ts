import type { FastifyRequest } from 'fastify';
import type { Caller } from './http.ts';
import { isMethodType, methodTypes } from './method-types.ts';
import { bool, int, oneOf, record, str, strList, urlParam, type Params } from './params.ts';
import { createPaymentMethod } from './payment-methods.ts';
import { invalidRequest, missingParam, notFound } from './stripe-objects.ts';
import type { RouteContext } from './routes/route-context.ts';

/** Reading the parameters PaymentIntents and SetupIntents share, with Stripe's errors. */
export function amountParam(params: Params): number | undefined {
  const amount = int(params, 'amount');
  if (amount !== undefined && amount < 50)
    throw invalidRequest('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
  if (amount !== undefined && amount > 99_999_999)
    throw invalidRequest('Amount must be no more than $999,999.99', 'amount', 'amount_too_large');
  return amount;
}

export function currencyParam(params: Params): string | undefined {
  const currency = str(params, 'currency')?.toLowerCase();
  if (currency !== undefined && !/^[a-z]{3}$/.test(currency))
    throw invalidRequest(`Invalid currency: ${currency}`, 'currency', 'parameter_invalid');
  return currency;
}

/**
 * The allowed method types: `allowed_payment_method_types[]` (the SDK's current API version) or
 * `payment_method_types[]` (older ones); with automatic payment methods every type but the
 * `excluded_payment_method_types[]`. Undefined when none is given (default: card).
 */
export function methodTypesParam(
  params: Params,
  allowed: readonly string[] = methodTypes,
): string[] | undefined {
  if (bool(record(params, 'automatic_payment_methods'), 'enabled')) {
    const excluded = strList(params, 'excluded_payment_method_types') ?? [];
    return allowed.filter((type) => !excluded.includes(type));
  }
  const param = ['allowed_payment_method_types', 'payment_method_types'].find(
    (name) => params[name] !== undefined,
  );
  const list = param && strList(params, param);
  if (!param || !list) return undefined;
  if (list.length === 0) throw missingParam(param);
  for (const type of list)
    if (!isMethodType(type) || !allowed.includes(type))
      throw invalidRequest(
        `The payment method type "${type}" is invalid. Please ensure the provided type is activated in your dashboard and your account is enabled for any preview features that you are trying to use.`,
        param,
        'payment_method_type_invalid',
      );
  return [...new Set(list)];
}

export async function customerParam(
  ctx: RouteContext,
  params: Params,
): Promise<string | undefined> {
  const customer = str(params, 'customer');
  if (customer && !(await ctx.repo.customer(customer)))
    throw notFound('customer', customer, 'customer');
  return customer || undefined;
}

export async function methodParam(ctx: RouteContext, params: Params) {
  const id = str(params, 'payment_method');
  if (!id) return undefined;
  const method = await ctx.repo.paymentMethod(id);
  if (!method) throw notFound('payment_method', id, 'payment_method');
  return method;
}

export const setupFutureUsageParam = (params: Params) =>
  oneOf(params, 'setup_future_usage', ['on_session', 'off_session'] as const);

/** What confirm reads; `payment_method_data` makes the method there and then, as Stripe.js does. */
export async function confirmParams(
  ctx: RouteContext,
  request: FastifyRequest,
  params: Params,
  caller: Caller,
) {
  const returnUrl = urlParam(params, 'return_url');
  const offSession = bool(params, 'off_session') ?? false;
  if (offSession && caller === 'publishable')
    throw invalidRequest('off_session cannot be set with a publishable key.', 'off_session');
  const blikCode = str(record(record(params, 'payment_method_options'), 'blik'), 'code');
  let paymentMethodId = str(params, 'payment_method');
  if (params.payment_method_data !== undefined) {
    if (paymentMethodId)
      throw invalidRequest(
        'You cannot provide both payment_method and payment_method_data.',
        'payment_method_data',
      );
    const data = record(params, 'payment_method_data');
    paymentMethodId = (await createPaymentMethod(ctx.repo, data, 'payment_method_data[type]')).id;
  }
  return { paymentMethodId, returnUrl, offSession, blikCode, origin: ctx.origin(request) };
}

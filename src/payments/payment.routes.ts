import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ShopError } from '../platform/errors/shop-error.ts';
import { ajaxCall, type AjaxCalls } from '../platform/http/ajax.ts';
import { errorListHtml } from '../platform/http/notices.ts';
import type { RequestContexts } from '../platform/http/request-context.ts';
import { isShallowJson, recordId } from '../platform/http/validation.ts';
import type { App } from '../platform/http/server.ts';
import { messages } from '../platform/messages/index.ts';
import type { SettingsStore } from '../platform/settings/settings.ts';
import {
  assertPayable,
  callersOrder,
  createOrderIntent,
  isCallersOrder,
  initSetupIntent,
  orderMethodType,
  setupMethodType,
  updateOrderIntent,
  type Caller,
  type IntentOrders,
} from './intents.ts';
import { STRIPE_NONCES } from './nonces.ts';
import {
  settleAnyIntent,
  settleWebhook,
  type SettlementTarget,
  type SettlingOrder,
  type WebhookDeps,
} from './settlement.ts';
import type { PaymentsConfig } from './stripe-client.ts';
import type { AttemptLimiter } from '../platform/rate-limit/rate-limit.service.ts';
import { retryAfterSeconds, tooManyAttempts } from './rate-limit.ts';

export const WEBHOOK_PATH = '/wc-api/wc_stripe/';

/** What the gateway's doors need: the processor, the orders they pay, each request's context. */
export interface PaymentDoorDeps {
  payments: PaymentsConfig;
  /** The shop's orders, as intent calls read them. */
  orders: IntentOrders;
  /** Where a settled payment moves an order. */
  settlement: SettlementTarget;
  /** Card-testing protection: every intent asked for counts, per session and IP. */
  attempts: Pick<AttemptLimiter, 'attempt'>;
  contexts: RequestContexts;
  /** Where Stripe's appearance (`wc_stripe_save_appearance`) is kept. */
  settings: Pick<SettingsStore, 'saveOption'>;
  /** Records a webhook event's id; false when it was recorded before (a redelivery). */
  recordEvent: WebhookDeps['recordEvent'];
}

const orderId = recordId;
const intentId = z.string().regex(/^(pi|seti)_\w+$/);
const methodType = z
  .string()
  .regex(/^[a-z_]{1,40}$/)
  .default('card');
/** The order's key, for a caller paying an order their session did not place (order-pay links). */
const orderKey = z.string().max(100).optional();
const yes = z
  .string()
  .max(10)
  .optional()
  .transform((value) => ['yes', 'true', '1', 'on'].includes(value ?? ''));

const failure = (message: string) => ({ success: false, data: { error: { message } } });

/**
 * Runs a call and answers in the seed's shape (§7): `success` and `data`. A refusal keeps its 4xx
 * and carries `{ code, message }` beside `success: false` and `data.error.message`.
 */
async function seedAnswer(
  work: () => Promise<unknown>,
  failureFields: (message: string) => Record<string, unknown> = () => ({}),
): Promise<unknown> {
  try {
    return { success: true, data: await work() };
  } catch (error) {
    if (!(error instanceof ShopError)) throw error;
    throw new ShopError(error.code, error.message, error.status, {
      ...error.data,
      success: false,
      data: { error: { message: error.message } },
      ...failureFields(error.message),
    });
  }
}

/**
 * Card-testing protection: every intent asked for (payment or setup) counts against the caller's
 * session and IP address; over the limit nothing is made and the answer is 429.
 */
async function limitIntents(
  limiter: AttemptLimiter,
  request: FastifyRequest,
  reply: FastifyReply,
  sessionId: string | undefined,
): Promise<void> {
  const verdict = await limiter.attempt({ sessionId, ip: request.ip });
  if (verdict.allowed) return;
  reply.header('retry-after', String(retryAfterSeconds(verdict.retryAfterMs)));
  throw tooManyAttempts(verdict.retryAfterMs);
}

async function callerOf(
  deps: PaymentDoorDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  key?: string,
): Promise<Caller> {
  const session = await deps.contexts(request, reply).readSession();
  return { sessionId: session?.id, orderKey: key, customerId: session?.customerId };
}

/** What the browser is told after it authenticated: where to go, or the order's failure. */
function statusAnswer(deps: PaymentDoorDeps, order: SettlingOrder | undefined, settledFor: number) {
  if (!order || order.id !== settledFor) return failure(messages.checkoutGenericError);
  if (order.status === 'failed') return failure(messages.paymentFailed);
  return { success: true, data: { return_url: deps.settlement.receivedUrl(order) } };
}

/**
 * Settles the caller's order from its payment or setup intent. Someone else's order, or an
 * intent the processor does not know, has none: nothing is read, changed or told.
 */
async function settleCallersOrder(
  deps: PaymentDoorDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { order_id: number; intent_id: string; order_key?: string | undefined },
): Promise<{ order: SettlingOrder } | undefined> {
  const order = await deps.orders.find(input.order_id);
  if (!order || !isCallersOrder(order, await callerOf(deps, request, reply, input.order_key)))
    return undefined;
  return settleAnyIntent(deps.settlement, deps.payments.stripe, input.intent_id);
}

/** The gateway's `wc_stripe_*` endpoint calls (seed 001 §7), each with its own nonce. */
export function paymentAjaxCalls(deps: PaymentDoorDeps): AjaxCalls {
  const intents = {
    orders: deps.orders,
    get stripe() {
      return deps.payments.stripe;
    },
  };
  const limiter = deps.attempts;
  return new Map([
    [
      'wc_stripe_create_payment_intent',
      ajaxCall({
        guard: { kind: 'nonce', action: STRIPE_NONCES.createPaymentIntent },
        schema: z.object({
          stripe_order_id: orderId,
          payment_method_type: methodType,
          order_key: orderKey,
        }),
        async handle(input, request, reply) {
          const caller = await callerOf(deps, request, reply, input.order_key);
          return seedAnswer(async () => {
            await limitIntents(limiter, request, reply, caller.sessionId);
            const order = await callersOrder(deps.orders, input.stripe_order_id, caller);
            assertPayable(order);
            const type = orderMethodType(input.payment_method_type, order.billing.country);
            return createOrderIntent(intents, order, type);
          });
        },
      }),
    ],
    [
      'wc_stripe_update_payment_intent',
      ajaxCall({
        guard: { kind: 'nonce', action: STRIPE_NONCES.updatePaymentIntent },
        schema: z.object({
          stripe_order_id: orderId,
          wc_payment_intent_id: intentId,
          save_payment_method: yes,
          selected_upe_payment_type: z
            .string()
            .regex(/^[a-z_]{0,40}$/)
            .default(''),
          order_key: orderKey,
        }),
        async handle(input, request, reply) {
          // Seed 001 §7: setup intents are not updated.
          if (input.wc_payment_intent_id.startsWith('seti_'))
            return { success: true, result: 'success', data: { success: true } };
          const caller = await callerOf(deps, request, reply, input.order_key);
          const answer = await seedAnswer(
            async () => {
              const order = await callersOrder(deps.orders, input.stripe_order_id, caller);
              assertPayable(order);
              const type =
                input.selected_upe_payment_type &&
                orderMethodType(input.selected_upe_payment_type, order.billing.country);
              await updateOrderIntent(intents, order, {
                intentId: input.wc_payment_intent_id,
                savePaymentMethod: input.save_payment_method,
                methodType: type,
              });
              return { success: true };
            },
            (message) => ({ result: 'failure', messages: errorListHtml([message]) }),
          );
          return { ...(answer as object), result: 'success' };
        },
      }),
    ],
    [
      'wc_stripe_init_setup_intent',
      ajaxCall({
        guard: { kind: 'nonce', action: STRIPE_NONCES.initSetupIntent },
        schema: z.object({ payment_method_type: methodType }),
        async handle(input, request, reply) {
          const { sessionId } = await callerOf(deps, request, reply);
          return seedAnswer(async () => {
            await limitIntents(limiter, request, reply, sessionId);
            return initSetupIntent(
              deps.payments.stripe,
              setupMethodType(input.payment_method_type),
            );
          });
        },
      }),
    ],
    [
      'wc_stripe_update_order_status',
      ajaxCall({
        guard: { kind: 'nonce', action: STRIPE_NONCES.updateOrderStatus },
        schema: z.object({
          order_id: orderId,
          intent_id: intentId,
          payment_method_id: z.string().max(100).optional(),
          order_key: orderKey,
        }),
        async handle(input, request, reply) {
          const settled = await settleCallersOrder(deps, request, reply, input);
          return statusAnswer(deps, settled?.order, input.order_id);
        },
      }),
    ],
    [
      'wc_stripe_update_failed_order',
      ajaxCall({
        guard: { kind: 'nonce', action: STRIPE_NONCES.updateFailedOrder },
        schema: z.object({ order_id: orderId, intent_id: intentId, order_key: orderKey }),
        async handle(input, request, reply) {
          const settled = await settleCallersOrder(deps, request, reply, input);
          return { success: settled?.order.id === input.order_id };
        },
      }),
    ],
    [
      'wc_stripe_save_appearance',
      ajaxCall({
        guard: { kind: 'nonce', action: STRIPE_NONCES.saveAppearance },
        schema: z.object({
          appearance: z
            .string()
            .max(20_000)
            .refine(isShallowJson, { message: messages.invalidJson }),
          is_block_checkout: z.string().max(10).optional(),
          theme_name: z.string().max(100).optional(),
        }),
        async handle(input) {
          const appearance: unknown = JSON.parse(input.appearance);
          const name =
            input.is_block_checkout === '1'
              ? 'wc_stripe_blocks_appearance'
              : 'wc_stripe_appearance';
          await deps.settings.saveOption(name, JSON.stringify(appearance));
          return { success: true };
        },
      }),
    ],
  ]);
}

/** The webhook endpoint: the raw body goes to settlement, which checks its signature. */
export function registerWebhookRoute(app: App, doors: PaymentDoorDeps): void {
  const deps: WebhookDeps = {
    ledger: doors.settlement,
    get stripe() {
      return doors.payments.stripe;
    },
    webhookSecret: doors.payments.webhookSecret,
    recordEvent: doors.recordEvent,
  };
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(WEBHOOK_PATH, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      const answer = await settleWebhook(
        deps,
        // Events are JSON, kept as their raw text for the signature; any other body is no event.
        typeof request.body === 'string' ? request.body : '',
        typeof signature === 'string' ? signature : '',
      );
      if (answer.kind === 'invalid')
        return reply
          .status(400)
          .send({ code: 'invalid_signature', message: messages.invalidWebhook });
      return answer.duplicate ? { received: true, duplicate: true } : { received: true };
    });
  });
}

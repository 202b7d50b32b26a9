import type Stripe from 'stripe';
import { z } from 'zod';
import { orderReceivedUrl } from '../checkout/place-order.ts';
import { settleFromProcessor } from '../checkout/settle-payment.ts';
import { nowIso } from '../platform/db/database.ts';
import { ajaxCall, type AjaxCalls } from '../platform/http/ajax.ts';
import type { App } from '../platform/http/server.ts';
import { messages } from '../platform/messages/index.ts';
import type { Shop } from '../shop.ts';
import { STRIPE_NONCES } from './nonces.ts';

export const WEBHOOK_PATH = '/wc-api/wc_stripe/';

const orderId = z.coerce.number().int().positive();
const intentId = z.string().regex(/^(pi|seti)_\w+$/);

const failure = (message: string) => ({ success: false, data: { error: { message } } });

/** The gateway's `wc_stripe_*` endpoint calls (seed 001 §7), each with its own nonce. */
export function paymentAjaxCalls(shop: Shop): AjaxCalls {
  return new Map([
    [
      'wc_stripe_update_order_status',
      ajaxCall({
        guard: { kind: 'nonce', action: STRIPE_NONCES.updateOrderStatus },
        schema: z.object({
          order_id: orderId,
          intent_id: intentId,
          payment_method_id: z.string().max(100).optional(),
        }),
        async handle(input) {
          const settled = await settleFromProcessor(
            shop.orders,
            shop.payments.stripe,
            input.intent_id,
          );
          if (!settled || settled.order.id !== input.order_id)
            return failure(messages.checkoutGenericError);
          const { order } = settled;
          if (order.status === 'failed') return failure(messages.paymentFailed);
          return { success: true, data: { return_url: orderReceivedUrl(order) } };
        },
      }),
    ],
    [
      'wc_stripe_update_failed_order',
      ajaxCall({
        guard: { kind: 'nonce', action: STRIPE_NONCES.updateFailedOrder },
        schema: z.object({ order_id: orderId, intent_id: intentId }),
        async handle(input) {
          const settled = await settleFromProcessor(
            shop.orders,
            shop.payments.stripe,
            input.intent_id,
          );
          return { success: settled?.order.id === input.order_id };
        },
      }),
    ],
    [
      'wc_stripe_save_appearance',
      ajaxCall({
        guard: { kind: 'nonce', action: STRIPE_NONCES.saveAppearance },
        schema: z.object({
          appearance: z.string().max(20_000),
          is_block_checkout: z.string().max(10).optional(),
          theme_name: z.string().max(100).optional(),
        }),
        async handle(input) {
          const appearance: unknown = JSON.parse(input.appearance);
          const name =
            input.is_block_checkout === '1'
              ? 'wc_stripe_blocks_appearance'
              : 'wc_stripe_appearance';
          await shop.db
            .insertInto('settings')
            .values({ name, value: JSON.stringify(appearance) })
            .onConflict((oc) =>
              oc.column('name').doUpdateSet({ value: JSON.stringify(appearance) }),
            )
            .execute();
          return { success: true };
        },
      }),
    ],
  ]);
}

/**
 * The webhook endpoint: the signature is checked by the SDK over the raw body; each event is
 * handled once (its id is recorded in the same step); order changes go through `settlePayment`,
 * so a webhook racing the shopper's return gives one paid order.
 */
export function registerWebhookRoute(app: App, shop: Shop): void {
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(WEBHOOK_PATH, async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = shop.payments.stripe.webhooks.constructEvent(
          String(request.body ?? ''),
          typeof signature === 'string' ? signature : '',
          shop.payments.webhookSecret,
        );
      } catch {
        return reply
          .status(400)
          .send({ code: 'invalid_signature', message: messages.invalidWebhook });
      }
      const fresh = await shop.db
        .insertInto('payment_events')
        .values({ id: event.id, type: event.type, received_at: nowIso() })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(fresh.numInsertedOrUpdatedRows ?? 0) === 0)
        return { received: true, duplicate: true };
      if (event.type.startsWith('payment_intent.')) {
        const intent = event.data.object as Stripe.PaymentIntent;
        await settleFromProcessor(shop.orders, shop.payments.stripe, intent.id);
      }
      return { received: true };
    });
  });
}

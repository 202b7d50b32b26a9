import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import qs from 'qs';
import type { App } from '../../platform/http/server.ts';
import { checkCard, type CardOutcome } from './cards.ts';
import {
  confirmResult,
  invalidRequest,
  notFound,
  processorMessages,
  StripeApiError,
} from './stripe-objects.ts';
import { testProcessorRepo, type TestProcessorRepo } from './test-processor.repo.ts';
import type { Db } from '../../platform/db/database.ts';

export const TEST_PROCESSOR_PATH = '/test-processor';
export const TEST_SECRET_KEY = 'sk_test_shop_local_processor';
export const TEST_PUBLISHABLE_KEY = 'pk_test_shop_local_processor';

type Params = Record<string, unknown>;
type IntentRow = NonNullable<Awaited<ReturnType<TestProcessorRepo['intent']>>>;
type MethodRow = NonNullable<Awaited<ReturnType<TestProcessorRepo['paymentMethod']>>>;

const id = (prefix: string) =>
  `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const unix = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

function str(params: Params, key: string): string | undefined {
  const value = params[key];
  return typeof value === 'string' ? value : undefined;
}

function methodObject(row: MethodRow) {
  return {
    id: row.id,
    object: 'payment_method',
    type: 'card',
    billing_details: JSON.parse(row.billing_json),
    card: {
      brand: row.brand,
      last4: row.last4,
      exp_month: row.exp_month,
      exp_year: row.exp_year,
      country: 'US',
      funding: 'credit',
    },
    created: unix(row.created_at),
    customer: null,
    livemode: false,
    metadata: {},
  };
}

function intentObject(row: IntentRow) {
  return {
    id: row.id,
    object: 'payment_intent',
    amount: row.amount,
    amount_received: row.status === 'succeeded' ? row.amount : 0,
    capture_method: row.capture_method,
    client_secret: row.client_secret,
    confirmation_method: 'automatic',
    created: unix(row.created_at),
    currency: row.currency,
    description: row.description,
    last_payment_error: row.last_payment_error_json
      ? JSON.parse(row.last_payment_error_json)
      : null,
    latest_charge:
      row.status === 'succeeded' || row.status === 'requires_capture'
        ? `ch_${row.id.slice(3)}`
        : null,
    livemode: false,
    metadata: JSON.parse(row.metadata_json),
    next_action: null,
    payment_method: row.payment_method,
    payment_method_types: ['card'],
    status: row.status,
  };
}

/**
 * The built-in test processor: the part of Stripe's HTTP API the shop uses, behaving like
 * Stripe's test mode for the contract's test cards, its state in the shop's database. Mounted
 * only while no Stripe keys are configured.
 */
export function registerTestProcessor(app: App, db: Db): void {
  const repo = testProcessorRepo(db);

  function authorise(request: FastifyRequest, publishableAllowed: boolean): void {
    const auth = request.headers.authorization ?? '';
    const key = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (key === TEST_SECRET_KEY || (publishableAllowed && key === TEST_PUBLISHABLE_KEY)) return;
    throw new StripeApiError(401, {
      type: 'authentication_error',
      message: 'Invalid API Key provided.',
    });
  }

  /** Stripe's idempotency: the same key and parameters answer the first response again. */
  async function idempotent(
    request: FastifyRequest,
    params: Params,
    run: () => Promise<unknown>,
  ): Promise<unknown> {
    const header = request.headers['idempotency-key'];
    if (typeof header !== 'string') return run();
    const key = `${request.routeOptions.url}|${header}`;
    const hash = createHash('sha256').update(JSON.stringify(params)).digest('hex');
    const seen = await repo.idempotent(key);
    if (seen) {
      if (seen.request_hash !== hash) {
        throw new StripeApiError(400, {
          type: 'idempotency_error',
          message:
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        });
      }
      if (seen.status_code !== 200)
        throw new StripeApiError(seen.status_code, JSON.parse(seen.response_json));
      return JSON.parse(seen.response_json);
    }
    try {
      const result = await run();
      await repo.remember(key, hash, 200, result);
      return result;
    } catch (error) {
      if (error instanceof StripeApiError)
        await repo.remember(key, hash, error.status, error.error);
      throw error;
    }
  }

  async function confirm(
    intent: IntentRow,
    paymentMethodId: string | undefined,
  ): Promise<IntentRow> {
    const pmId = paymentMethodId ?? intent.payment_method;
    if (!pmId)
      throw invalidRequest(
        'You cannot confirm this PaymentIntent because it has no payment method.',
        'payment_method',
        'payment_intent_unexpected_state',
      );
    if (!['requires_payment_method', 'requires_confirmation'].includes(intent.status)) {
      throw invalidRequest(
        `This PaymentIntent's status is ${intent.status}, so it cannot be confirmed.`,
        undefined,
        'payment_intent_unexpected_state',
      );
    }
    const method = await repo.paymentMethod(pmId);
    if (!method) throw notFound('payment_method', pmId);
    const result = confirmResult(
      JSON.parse(method.test_outcome) as CardOutcome,
      intent.capture_method,
    );
    const lastError = result.error
      ? { type: 'card_error', ...result.error, payment_method: methodObject(method) }
      : null;
    await repo.updateIntent(intent.id, {
      status: result.status,
      payment_method: pmId,
      last_payment_error_json: lastError ? JSON.stringify(lastError) : null,
    });
    const updated = (await repo.intent(intent.id))!;
    if (lastError) {
      throw new StripeApiError(402, {
        ...(lastError as object),
        type: 'card_error',
        message: lastError.message,
        payment_intent: intentObject(updated),
      });
    }
    return updated;
  }

  app.register(
    async (processor) => {
      processor.removeAllContentTypeParsers();
      processor.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_req, body, done) => {
          done(null, qs.parse(body as string, { depth: 5, parameterLimit: 200 }));
        },
      );
      processor.setErrorHandler((error, _request, reply) => {
        if (error instanceof StripeApiError)
          return reply.status(error.status).send({ error: error.error });
        const status = (error as { statusCode?: number }).statusCode ?? 500;
        return reply.status(status >= 400 && status < 500 ? status : 500).send({
          error: {
            type: status < 500 ? 'invalid_request_error' : 'api_error',
            message: 'Invalid request.',
          },
        });
      });
      processor.setNotFoundHandler((request, reply) =>
        reply.status(404).send({
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${request.method}: ${request.url}).`,
          },
        }),
      );

      processor.post('/v1/payment_methods', async (request: FastifyRequest) => {
        authorise(request, true);
        const params = (request.body ?? {}) as Params;
        const card = (params.card ?? {}) as Params;
        if (str(params, 'type') !== 'card')
          throw invalidRequest(
            'Only card payment methods are supported by the test processor.',
            'type',
          );
        const check = checkCard(
          {
            number: str(card, 'number') ?? '',
            expMonth: Number(str(card, 'exp_month')),
            expYear: Number(str(card, 'exp_year')),
            cvc: str(card, 'cvc') ?? '',
          },
          new Date(),
        );
        if (!check.ok) {
          throw new StripeApiError(402, {
            type: 'card_error',
            code: check.code,
            message: processorMessages[check.code]!,
            param: check.param,
          });
        }
        const pm = {
          id: id('pm'),
          brand: check.brand,
          last4: check.last4,
          exp_month: Number(str(card, 'exp_month')),
          exp_year:
            Number(str(card, 'exp_year')) < 100
              ? 2000 + Number(str(card, 'exp_year'))
              : Number(str(card, 'exp_year')),
          test_outcome: JSON.stringify(check.outcome),
          billing_json: JSON.stringify(params.billing_details ?? {}),
        };
        await repo.savePaymentMethod(pm);
        return methodObject((await repo.paymentMethod(pm.id))!);
      });

      processor.get(
        '/v1/payment_methods/:id',
        async (request: FastifyRequest<{ Params: { id: string } }>) => {
          authorise(request, false);
          const row = await repo.paymentMethod(request.params.id);
          if (!row) throw notFound('payment_method', request.params.id);
          return methodObject(row);
        },
      );

      processor.post('/v1/payment_intents', async (request: FastifyRequest) => {
        authorise(request, false);
        const params = (request.body ?? {}) as Params;
        return idempotent(request, params, async () => {
          const amount = Number(str(params, 'amount'));
          if (!Number.isInteger(amount) || amount < 50)
            throw invalidRequest('Amount must be at least $0.50 usd', 'amount', 'amount_too_small');
          const currency = (str(params, 'currency') ?? '').toLowerCase();
          if (!/^[a-z]{3}$/.test(currency))
            throw invalidRequest(
              'Missing required param: currency.',
              'currency',
              'parameter_missing',
            );
          const intentId = id('pi');
          const paymentMethod = str(params, 'payment_method') ?? null;
          await repo.saveIntent({
            id: intentId,
            client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
            amount,
            currency,
            status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
            payment_method: paymentMethod,
            capture_method: str(params, 'capture_method') ?? 'automatic',
            metadata_json: JSON.stringify(params.metadata ?? {}),
            description: str(params, 'description') ?? null,
          });
          let intent = (await repo.intent(intentId))!;
          if (str(params, 'confirm') === 'true')
            intent = await confirm(intent, paymentMethod ?? undefined);
          return intentObject(intent);
        });
      });

      processor.get(
        '/v1/payment_intents/:id',
        async (request: FastifyRequest<{ Params: { id: string } }>) => {
          authorise(request, false);
          const row = await repo.intent(request.params.id);
          if (!row) throw notFound('payment_intent', request.params.id);
          return intentObject(row);
        },
      );

      processor.post(
        '/v1/payment_intents/:id/confirm',
        async (request: FastifyRequest<{ Params: { id: string } }>) => {
          authorise(request, false);
          const params = (request.body ?? {}) as Params;
          return idempotent(request, { ...params, id: request.params.id }, async () => {
            const row = await repo.intent(request.params.id);
            if (!row) throw notFound('payment_intent', request.params.id);
            return intentObject(await confirm(row, str(params, 'payment_method')));
          });
        },
      );
    },
    { prefix: TEST_PROCESSOR_PATH },
  );
}

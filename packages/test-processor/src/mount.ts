import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  TEST_PROCESSOR_RATE_LIMIT,
  TEST_PROCESSOR_WEBHOOK_RETRY_DELAYS_MS,
  TEST_PROCESSOR_WEBHOOK_TIMEOUT_MS,
} from './constants.ts';
import { migrateTestProcessor } from './db/migrate.ts';
import type { DbKind, ProcessorDb } from './db/schema.ts';
import type { ProcessorContext } from './context.ts';
import { originOf, setUpStripeHttp } from './http.ts';
import { TEST_PROCESSOR_PATH, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from './keys.ts';
import { settleDebit } from './payment-answers.ts';
import { customerRoutes } from './routes/customers.ts';
import { intentRoutes } from './routes/intents.ts';
import { methodRoutes } from './routes/methods.ts';
import { pageRoutes } from './routes/pages.ts';
import type { RouteContext } from './routes/route-context.ts';
import { setupIntentRoutes } from './routes/setup-intents.ts';
import { testProcessorRepo } from './test-processor.repo.ts';
import { webhookDelivery, type DeliveryReport } from './webhook-delivery.ts';

export type { DeliveryReport } from './webhook-delivery.ts';

export interface TestProcessorOptions {
  /** The host's database: the processor adds its own `tp_*` tables to it when mounted. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the host's own tables
  db: Kysely<any>;
  kind: DbKind;
  /** The shop's webhook endpoint, e.g. `http://127.0.0.1:3000/?wc-api=wc_stripe`. */
  webhookUrl?: () => string | null | undefined;
  /** auto (default): events go out after each change, retried on timers; manual: `deliverPending`. */
  deliverWebhooks?: 'auto' | 'manual';
  /** auto (default): SEPA debits succeed on a timer; manual: only by `settleProcessing`. */
  settleDebits?: 'auto' | 'manual';
  webhookSecret?: string;
  webhookRetryDelaysMs?: readonly number[];
  /** The origin the processor's pages are reached at; default: the Host of each request. */
  publicOrigin?: () => string | undefined;
  /**
   * The Content-Security-Policy of the processor's pages (they run no script); the host may give
   * its own pages' policy, with a fresh nonce each time.
   */
  pagePolicy?: () => string;
  /** Limit on the routes browsers call with the publishable key; false turns it off. */
  rateLimit?: { max: number; timeWindowMs: number } | false;
}

export interface TestProcessor {
  /** Delivers every undelivered event that has attempts left, now, in order (tests). */
  deliverPending(): Promise<DeliveryReport>;
  /** Lets every processing debit (SEPA) succeed now; how many did (tests). */
  settleProcessing(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The built-in test processor, while it is mounted (no Stripe keys configured). */
    testProcessor?: TestProcessor;
  }
}

/** SEPA debits clear on timers; the timers go with the server, the due dates stay in the rows. */
function debitSettlement(ctx: () => ProcessorContext, mode: 'auto' | 'manual') {
  const timers = new Set<NodeJS.Timeout>();
  const settle = (id: string) => settleDebit(ctx(), id).catch(() => undefined);
  return {
    schedule(intentId: string, at: Date) {
      if (mode !== 'auto') return;
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          void settle(intentId);
        },
        Math.max(0, at.getTime() - Date.now()),
      );
      timer.unref();
      timers.add(timer);
    },
    async settleAll(dueOnly: boolean): Promise<number> {
      const due = await ctx().repo.processingIntents(
        dueOnly ? new Date().toISOString() : undefined,
      );
      for (const { id } of due) await settleDebit(ctx(), id);
      return due.length;
    },
    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

/** Its pages run no script, load nothing from elsewhere and post only to themselves. */
const OWN_PAGE_POLICY =
  "default-src 'self'; script-src 'none'; style-src 'self' 'unsafe-inline'; object-src 'none'; " +
  "base-uri 'none'; frame-ancestors 'self'; form-action 'self'";

/**
 * As Stripe's API: any page may call it from the browser with the publishable key (a form
 * embedded on another site makes its card there), so the API answers CORS for every origin. It
 * reads no cookies, so an open origin grants nothing the key does not.
 */
function openApiToBrowsers(instance: FastifyInstance): void {
  instance.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(`${TEST_PROCESSOR_PATH}/v1/`))
      reply.header('access-control-allow-origin', '*');
  });
  instance.options('/v1/*', async (_request, reply) =>
    reply
      .status(204)
      .header('access-control-allow-methods', 'GET, POST')
      .header('access-control-allow-headers', 'Authorization, Content-Type, Accept')
      .header('access-control-max-age', '600')
      .send(),
  );
}

/**
 * The built-in test processor: the part of Stripe's HTTP API the shop uses, behaving like
 * Stripe's test mode, its state in its own tables of the host's database, its webhooks signed as
 * Stripe signs them. Mounted under /test-processor; its tables are created (migrated) on mount.
 */
export function mountTestProcessor(
  app: FastifyInstance,
  options: TestProcessorOptions,
): TestProcessor {
  const db = options.db as ProcessorDb;
  const webhooks = webhookDelivery(db, {
    webhookUrl: options.webhookUrl,
    mode: options.deliverWebhooks ?? 'auto',
    secret: options.webhookSecret ?? TEST_WEBHOOK_SECRET,
    retryDelaysMs: options.webhookRetryDelaysMs ?? TEST_PROCESSOR_WEBHOOK_RETRY_DELAYS_MS,
    timeoutMs: TEST_PROCESSOR_WEBHOOK_TIMEOUT_MS,
    log: app.log,
  });
  const debits = debitSettlement(() => ctx, options.settleDebits ?? 'auto');
  const limit = options.rateLimit ?? TEST_PROCESSOR_RATE_LIMIT;
  const ctx: RouteContext = {
    db,
    repo: testProcessorRepo(db),
    webhooks,
    scheduleSettle: debits.schedule,
    origin: (request) => originOf(request, options.publicOrigin),
    pagePolicy: options.pagePolicy ?? (() => OWN_PAGE_POLICY),
    browserRouteConfig: limit
      ? {
          rateLimit: {
            max: limit.max,
            timeWindow: limit.timeWindowMs,
            // The shop's own server calls are not the browser traffic this limit is for.
            allowList: (request) => request.headers.authorization === `Bearer ${TEST_SECRET_KEY}`,
          },
        }
      : {},
  };
  const processor: TestProcessor = {
    deliverPending: () => webhooks.deliverPending(),
    settleProcessing: () => debits.settleAll(false),
  };

  app.register(
    async (instance: FastifyInstance) => {
      // Limits only the routes that ask for one (`browserRouteConfig`), in this scope alone.
      await instance.register(rateLimit, { global: false });
      await migrateTestProcessor(db, options.kind);
      setUpStripeHttp(instance);
      openApiToBrowsers(instance);
      methodRoutes(instance, ctx);
      intentRoutes(instance, ctx);
      setupIntentRoutes(instance, ctx);
      customerRoutes(instance, ctx);
      pageRoutes(instance, ctx);
    },
    { prefix: TEST_PROCESSOR_PATH },
  );
  app.decorate('testProcessor', processor);
  app.addHook('onReady', async () => {
    // What a previous run left: overdue debits, undelivered events.
    await debits.settleAll(true);
    webhooks.kick();
  });
  app.addHook('onClose', async () => {
    debits.stop();
    await webhooks.close();
  });
  return processor;
}

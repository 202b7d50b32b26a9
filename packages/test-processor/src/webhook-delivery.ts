import type { ProcessorDb } from './db/schema.ts';
import { nowIso } from './db/schema.ts';
import { signatureHeader } from './signing.ts';

export interface WebhookDeliveryOptions {
  /** The shop's webhook endpoint; while it gives nothing, events wait undelivered. */
  webhookUrl: (() => string | null | undefined) | undefined;
  /** auto: delivered after each change and retried on timers; manual: only by `deliverPending`. */
  mode: 'auto' | 'manual';
  secret: string;
  retryDelaysMs: readonly number[];
  timeoutMs: number;
  log: { warn(object: object, message: string): void };
}

export interface DeliveryReport {
  delivered: number;
  failed: number;
}

export interface WebhookDelivery {
  /** Deliver soon, off the request (auto mode); call after the change is committed. */
  kick(): void;
  /** Tries every undelivered event that has attempts left, now, in order. */
  deliverPending(): Promise<DeliveryReport>;
  close(): Promise<void>;
}

/**
 * Posts recorded events to the shop as Stripe does: JSON body, `Stripe-Signature` header, any
 * 2xx is delivered, anything else (or no answer in time) is retried after a growing wait, a
 * bounded number of times. Never throws into a request; at-least-once, like Stripe.
 */
export function webhookDelivery(db: ProcessorDb, options: WebhookDeliveryOptions): WebhookDelivery {
  const maxAttempts = options.retryDelaysMs.length + 1;
  let running: Promise<DeliveryReport> | undefined;
  let kickQueued = false;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function post(url: string, payload: string): Promise<number | null> {
    const header = signatureHeader(payload, options.secret, Math.floor(Date.now() / 1000));
    try {
      const response = await fetch(url, {
        method: 'POST',
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': header,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
      });
      await response.arrayBuffer().catch(() => undefined);
      return response.status;
    } catch {
      return null;
    }
  }

  async function deliver(force: boolean): Promise<DeliveryReport> {
    const report = { delivered: 0, failed: 0 };
    const url = options.webhookUrl?.();
    if (!url) return report;
    let query = db
      .selectFrom('tp_events')
      .select(['seq', 'id', 'type', 'payload_json', 'attempts'])
      .where('delivered_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .orderBy('seq');
    if (!force) query = query.where('next_attempt_at', '<=', nowIso());
    for (const event of await query.execute()) {
      if (closed) break;
      const status = await post(url, event.payload_json);
      const ok = status !== null && status >= 200 && status < 300;
      const attempts = event.attempts + 1;
      const wait = options.retryDelaysMs[attempts - 1];
      await db
        .updateTable('tp_events')
        .set({
          attempts,
          last_status: status,
          delivered_at: ok ? nowIso() : null,
          next_attempt_at: ok || wait === undefined ? null : nowIso(new Date(Date.now() + wait)),
        })
        .where('seq', '=', event.seq)
        .execute();
      if (ok) report.delivered++;
      else {
        report.failed++;
        options.log.warn(
          { event: event.id, type: event.type, status, attempts },
          'webhook delivery failed',
        );
      }
    }
    return report;
  }

  /** One delivery run at a time, in the order asked. */
  function run(force: boolean): Promise<DeliveryReport> {
    const next = (running ?? Promise.resolve()).catch(() => undefined).then(() => deliver(force));
    running = next;
    void next
      .catch(() => undefined)
      .finally(() => {
        if (running === next) running = undefined;
      });
    return next;
  }

  async function scheduleRetry(): Promise<void> {
    if (closed || !options.webhookUrl?.()) return;
    const next = await db
      .selectFrom('tp_events')
      .select((eb) => eb.fn.min('next_attempt_at').as('at'))
      .where('delivered_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .executeTakeFirst();
    if (!next?.at || closed) return;
    clearTimeout(timer);
    timer = setTimeout(kick, Math.max(0, Date.parse(next.at) - Date.now()));
    timer.unref();
  }

  function kick(): void {
    if (options.mode !== 'auto' || closed || kickQueued) return;
    kickQueued = true;
    setImmediate(() => {
      kickQueued = false;
      if (closed) return;
      run(false)
        .then(scheduleRetry)
        .catch((error: unknown) => options.log.warn({ err: error }, 'webhook delivery stopped'));
    });
  }

  return {
    kick,
    deliverPending: () => run(true),
    async close() {
      closed = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

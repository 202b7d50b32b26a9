import { createServer, type IncomingMessage } from 'node:http';
import type Stripe from 'stripe';
import { loadConfig } from '../../platform/config/config.ts';
import type { Db, DbKind } from '../../platform/db/database.ts';
import { openTestDatabase } from '../../platform/db/testing/test-database.ts';
import { createHttpServer } from '../../platform/http/server.ts';
import { createLogger } from '../../platform/log/log.ts';
import { createPayments } from '../stripe-client.ts';
import { TEST_PUBLISHABLE_KEY } from './keys.ts';
import {
  registerTestProcessor,
  type TestProcessor,
  type TestProcessorOptions,
} from './test-processor.routes.ts';

export interface ProcessorFixture {
  url: string;
  /** The official SDK, pointed at this processor as the shop points it. */
  stripe: Stripe;
  processor: TestProcessor;
  db: Db;
  close(): Promise<void>;
}

/**
 * The test processor alone on a fresh database of the given kind, listening on a free port.
 * Webhooks and debits wait for `deliverPending` / `settleProcessing` unless told otherwise.
 */
export async function startTestProcessor(
  kind: DbKind,
  options: TestProcessorOptions = {},
): Promise<ProcessorFixture> {
  const database = await openTestDatabase(kind);
  const app = await createHttpServer(createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'));
  const processor = registerTestProcessor(app, database.db, {
    deliverWebhooks: 'manual',
    settleDebits: 'manual',
    ...options,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const { stripe } = createPayments(loadConfig({}), () => ({ host: '127.0.0.1', port }));
  return {
    url: `http://127.0.0.1:${port}`,
    stripe,
    processor,
    db: database.db,
    async close() {
      await app.close();
      await database.destroy();
    },
  };
}

/** A call as the browser makes it: form-encoded, with the publishable key. */
export async function browserCall(
  baseUrl: string,
  path: string,
  fields: Record<string, string> | null,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}/test-processor/v1${path}`, {
    method: fields ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${TEST_PUBLISHABLE_KEY}`,
      ...(fields && { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    body: fields ? new URLSearchParams(fields) : null,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Posts one of the processor's page forms as a browser would, without following the redirect. */
export async function submitForm(
  pageUrl: string,
  fields: Record<string, string>,
): Promise<{ status: number; location: string | null; html: string }> {
  const response = await fetch(pageUrl.split('?')[0]!, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: await response.text(),
  };
}

export interface ReceivedWebhook {
  body: string;
  signature: string;
}

/** A small HTTP endpoint standing in for the shop's webhook: records what it is sent. */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  let status = 200;
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };
  const server = createServer((request, response) => {
    void read(request).then((body) => {
      received.push({ body, signature: String(request.headers['stripe-signature'] ?? '') });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/?wc-api=wc_stripe`,
    received,
    /** The status the next deliveries get. */
    answerWith(next: number) {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { createServer, type IncomingMessage } from 'node:http';
import Fastify from 'fastify';
import type Stripe from 'stripe';
import type { DbKind, ProcessorDb } from '../db/schema.ts';
import { mountTestProcessor, type TestProcessor, type TestProcessorOptions } from '../mount.ts';
import { testProcessorStripe } from '../stripe-client.ts';
import { openTestDatabase } from './test-database.ts';

export interface ProcessorFixture {
  url: string;
  /** The official SDK, pointed at this processor as the shop points it. */
  stripe: Stripe;
  processor: TestProcessor;
  db: ProcessorDb;
  close(): Promise<void>;
}

/**
 * The test processor alone on a fresh database of the given kind, listening on a free port.
 * Webhooks and debits wait for `deliverPending` / `settleProcessing` unless told otherwise.
 */
export async function startTestProcessor(
  kind: DbKind,
  options: Omit<TestProcessorOptions, 'db' | 'kind'> = {},
): Promise<ProcessorFixture> {
  const database = await openTestDatabase(kind);
  const app = Fastify({ logger: { level: process.env.TEST_LOG_LEVEL ?? 'silent' } });
  const processor = mountTestProcessor(app, {
    db: database.db,
    kind,
    deliverWebhooks: 'manual',
    settleDebits: 'manual',
    ...options,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    stripe: testProcessorStripe(() => ({ host: '127.0.0.1', port })),
    processor,
    db: database.db,
    async close() {
      await app.close();
      await database.destroy();
    },
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
export { browserCall, submitForm } from './browser-calls.ts';

import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { KeepAliveConnection } from '../../testing/keep-alive-connection.ts';
import { HTTP_KEEP_ALIVE_TIMEOUT_MS } from '../constants/index.ts';
import { ShopError } from '../errors/shop-error.ts';
import { createLogger } from '../log/log.ts';
import { createHttpServer, securityHeaders, type HttpServerOptions } from './server.ts';

/** Node's own keep-alive timeout, which the server once kept: a client reusing later got a reset. */
const NODE_KEEP_ALIVE_MS = 5000;
/** nginx's upstream keepalive_timeout: how long a proxy in front may keep an idle connection. */
const PROXY_KEEP_ALIVE_MS = 60_000;

/** The server alone, and with the page micro-cache's early answer in front (its own Node server). */
const serverKinds: [string, HttpServerOptions][] = [
  ['alone', {}],
  ['with the page cache in front', { answerEarly: () => false }],
];

async function listening(options: HttpServerOptions) {
  const app = await createHttpServer(createLogger('silent'), options);
  app.get('/ok', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: (app.server.address() as AddressInfo).port };
}

describe('the HTTP server', () => {
  it("sends helmet's headers and a request id on answers, refusals and not-found", async () => {
    const expected = await securityHeaders();
    expect(expected).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(expected).not.toHaveProperty('content-security-policy');

    const app = await createHttpServer(createLogger('silent'));
    app.get('/ok', async () => ({ ok: true }));
    app.get('/refused', async () => {
      throw new ShopError('nope', 'No.', 403);
    });
    for (const [url, status] of [
      ['/ok', 200],
      ['/refused', 403],
      ['/missing', 404],
    ] as const) {
      const response = await app.inject({ url, headers: { 'x-request-id': 'req-1' } });
      expect(response.statusCode).toBe(status);
      expect(response.headers).toMatchObject({ ...expected, 'x-request-id': 'req-1' });
    }
    await app.close();
  });
});

describe.each(serverKinds)('the HTTP server %s', (_kind, options) => {
  it('keeps connections longer than a proxy in front, and waits for headers longer still', async () => {
    const { app } = await listening(options);
    expect(app.server.keepAliveTimeout).toBe(HTTP_KEEP_ALIVE_TIMEOUT_MS);
    expect(app.server.keepAliveTimeout).toBeGreaterThan(PROXY_KEEP_ALIVE_MS);
    expect(app.server.headersTimeout).toBeGreaterThan(app.server.keepAliveTimeout);
    await app.close();
  });

  it('keeps an idle keep-alive connection open past 5 s and answers on it', async () => {
    const { app, port } = await listening(options);
    const connection = await KeepAliveConnection.open(port);
    const first = await connection.get('/ok');
    expect(first.status).toBe(200);
    // Node closes an idle connection a second after its keep-alive timeout.
    await sleep(NODE_KEEP_ALIVE_MS + 2000);
    expect(connection.closed).toBe(false);
    const again = await connection.get('/ok');
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toEqual({ ok: true });
    // What the server tells clients that read it (fetch's agent closes before then).
    expect(first.headers['keep-alive']).toBe(`timeout=${HTTP_KEEP_ALIVE_TIMEOUT_MS / 1000}`);
    connection.destroy();
    await app.close();
  });

  it('closes promptly with an idle keep-alive connection open, and closes that connection', async () => {
    const { app, port } = await listening(options);
    const connection = await KeepAliveConnection.open(port);
    expect((await connection.get('/ok')).status).toBe(200);
    const started = Date.now();
    await app.close();
    await connection.whenClosed();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('closes promptly while a request runs: its answer comes, with Connection: close', async () => {
    const app = await createHttpServer(createLogger('silent'), options);
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    let finish!: () => void;
    const answerMayGo = new Promise<void>((resolve) => (finish = resolve));
    app.get('/slow', async () => {
      arrived();
      await answerMayGo;
      return { ok: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const answer = fetch(`http://127.0.0.1:${port}/slow`);
    await requestArrived;

    let closed = false;
    const closing = app.close().then(() => (closed = true));
    while (app.server.listening) await new Promise((resolve) => setImmediate(resolve));
    finish();
    const response = await answer;
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('connection')).toBe('close');
    // Without it, the keep-alive socket holds the close for the keep-alive timeout, past this
    // test's time limit.
    await closing;
    expect(closed).toBe(true);
  });
});

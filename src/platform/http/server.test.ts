import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ShopError } from '../errors/shop-error.ts';
import { createLogger } from '../log/log.ts';
import { createHttpServer, securityHeaders } from './server.ts';

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

  it('closes promptly while a request runs: its answer comes, with Connection: close', async () => {
    const app = await createHttpServer(createLogger('silent'));
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
    // Without it, the keep-alive socket holds the close for 72 s, past this test's time limit.
    await closing;
    expect(closed).toBe(true);
  });
});

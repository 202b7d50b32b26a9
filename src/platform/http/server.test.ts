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
});

import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../config/config.ts';
import { createLogger } from '../log/log.ts';
import { createHttpServer } from './server.ts';

async function clientIp(trustProxy: string | undefined, peer: string, forwarded: string) {
  const app = await createHttpServer(createLogger('silent'), {
    trustProxy: parseTrustProxy(trustProxy),
  });
  app.get('/ip', async (request) => ({ ip: request.ip }));
  const response = await app.inject({
    url: '/ip',
    remoteAddress: peer,
    headers: { 'x-forwarded-for': forwarded },
  });
  await app.close();
  return (response.json() as { ip: string }).ip;
}

describe('TRUST_PROXY', () => {
  it('reads a hop count, or a list of addresses and CIDR ranges, and refuses anything else', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16,::1')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
    for (const wrong of ['true', 'yes', '10.0.0.0/33', 'proxy.local', '1.2.3.4/8/1']) {
      expect(() => parseTrustProxy(wrong), wrong).toThrow(/TRUST_PROXY/);
    }
  });

  it('takes the client address from the right, past the proxies it trusts', async () => {
    const forwarded = '203.0.113.7, 10.9.9.9';
    expect(await clientIp(undefined, '127.0.0.1', forwarded)).toBe('127.0.0.1');
    expect(await clientIp('1', '127.0.0.1', forwarded)).toBe('10.9.9.9');
    expect(await clientIp('2', '127.0.0.1', forwarded)).toBe('203.0.113.7');
    expect(await clientIp('127.0.0.1', '127.0.0.1', forwarded)).toBe('10.9.9.9');
    expect(await clientIp('127.0.0.1, 10.0.0.0/8', '127.0.0.1', forwarded)).toBe('203.0.113.7');
    // A request that does not come from a named proxy is taken at its word about nothing.
    expect(await clientIp('10.0.0.0/8', '127.0.0.1', forwarded)).toBe('127.0.0.1');
  });
});

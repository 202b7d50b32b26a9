import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { assertSameOrigin } from './csrf.ts';

function request(headers: Record<string, string>): FastifyRequest {
  return { headers: { host: 'shop.test', ...headers } } as unknown as FastifyRequest;
}

describe('same-origin check for nonce-free cart calls', () => {
  it('lets same-origin and non-browser requests through', () => {
    expect(() => assertSameOrigin(request({ 'sec-fetch-site': 'same-origin' }))).not.toThrow();
    expect(() => assertSameOrigin(request({ origin: 'http://shop.test' }))).not.toThrow();
    expect(() => assertSameOrigin(request({}))).not.toThrow();
  });

  it('refuses cross-site requests by Sec-Fetch-Site or Origin', () => {
    expect(() => assertSameOrigin(request({ 'sec-fetch-site': 'cross-site' }))).toThrow(
      /Cross-site/,
    );
    expect(() => assertSameOrigin(request({ origin: 'https://evil.test' }))).toThrow(/Cross-site/);
    expect(() => assertSameOrigin(request({ origin: 'null' }))).toThrow(/Cross-site/);
  });
});

import type { FastifyRequest } from 'fastify';
import { ShopError } from '../errors/shop-error.ts';
import { messages } from '../messages/index.ts';

/**
 * Refuses requests another site's page made (CONTRACT §2), for the calls that carry no nonce.
 * Browsers send Sec-Fetch-Site; older ones send Origin on POST. A request with neither is not
 * from a browser page and cannot ride a visitor's cookies, so it passes.
 */
export function assertSameOrigin(request: FastifyRequest): void {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw crossSite();
  if (site === 'same-origin' || site === 'none') return;
  const origin = request.headers.origin;
  if (origin === undefined) return;
  if (origin === 'null') throw crossSite();
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw crossSite();
  }
  if (host !== request.headers.host) throw crossSite();
}

function crossSite(): ShopError {
  return new ShopError('cross_site_request', messages.crossSite, 403);
}

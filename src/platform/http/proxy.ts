import type { TrustedProxies } from '../config/config.ts';

export type ProxyTrust = false | string[] | ((address: string, hop: number) => boolean);

/**
 * Fastify's `trustProxy` for the proxies the operator named. A hop count is a function: the
 * socket's peer is hop 0, then X-Forwarded-For is walked from the right, so with one proxy the
 * client's address is the last one that proxy appended, whatever the client itself sent.
 */
export function proxyTrust(trusted: TrustedProxies | undefined): ProxyTrust {
  if (typeof trusted !== 'number') return trusted ?? false;
  return trusted > 0 ? (_address, hop) => hop < trusted : false;
}

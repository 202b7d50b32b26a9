import { createHmac, timingSafeEqual } from 'node:crypto';
import { NONCE_TICK_MS } from '../constants/index.ts';

/**
 * Per-action nonces, as WordPress makes them: an HMAC of the action, the session and the time
 * window. Stateless, so any app server that shares the secret (kept in the database) checks any
 * other's. A nonce is valid in its own window and the one after it.
 */
export function createNonce(
  secret: string,
  action: string,
  sessionId: string,
  now = Date.now(),
): string {
  return sign(secret, action, sessionId, tick(now));
}

export function verifyNonce(
  secret: string,
  nonce: string | undefined,
  action: string,
  sessionId: string,
  now = Date.now(),
): boolean {
  if (!nonce || nonce.length !== 12) return false;
  const current = tick(now);
  return [current, current - 1].some((t) => equal(sign(secret, action, sessionId, t), nonce));
}

function tick(now: number): number {
  return Math.ceil(now / NONCE_TICK_MS);
}

function sign(secret: string, action: string, sessionId: string, t: number): string {
  return createHmac('sha256', secret)
    .update(`${t}|${action}|${sessionId}`)
    .digest('hex')
    .slice(0, 12);
}

function equal(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

import { describe, expect, it } from 'vitest';
import { NONCE_TICK_MS } from '../constants/index.ts';
import { createNonce, verifyNonce } from './nonce.ts';

describe('nonces', () => {
  const secret = 'test-secret';
  const now = 1_800_000_000_000;

  it('accepts a nonce for the same action and session', () => {
    const nonce = createNonce(secret, 'wc_store_api', 'session-a', now);
    expect(verifyNonce(secret, nonce, 'wc_store_api', 'session-a', now)).toBe(true);
  });

  it('refuses another action, another session, another secret or a forged value', () => {
    const nonce = createNonce(secret, 'wc_store_api', 'session-a', now);
    expect(verifyNonce(secret, nonce, 'checkout', 'session-a', now)).toBe(false);
    expect(verifyNonce(secret, nonce, 'wc_store_api', 'session-b', now)).toBe(false);
    expect(verifyNonce('other', nonce, 'wc_store_api', 'session-a', now)).toBe(false);
    expect(verifyNonce(secret, 'abcdefabcdef', 'wc_store_api', 'session-a', now)).toBe(false);
    expect(verifyNonce(secret, undefined, 'wc_store_api', 'session-a', now)).toBe(false);
  });

  it('stays valid through the next window and goes stale after', () => {
    const nonce = createNonce(secret, 'a', 's', now);
    expect(verifyNonce(secret, nonce, 'a', 's', now + NONCE_TICK_MS)).toBe(true);
    expect(verifyNonce(secret, nonce, 'a', 's', now + 2 * NONCE_TICK_MS + 1)).toBe(false);
  });
});

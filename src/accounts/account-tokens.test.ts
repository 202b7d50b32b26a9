import { describe, expect, it } from 'vitest';
import { hashToken, isTokenShaped, newToken } from './account-tokens.ts';

describe('mailed links’ tokens', () => {
  it('are 256 random bits, kept only as their SHA-256', () => {
    const { token, hash } = newToken();
    expect(isTokenShaped(token)).toBe(true);
    expect(hash).toBe(hashToken(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(newToken().token).not.toBe(token);
  });

  it('are told from anything else before any lookup', () => {
    for (const value of ['', 'short', `${'A'.repeat(42)}!`, 'A'.repeat(44), null, 42])
      expect(isTokenShaped(value)).toBe(false);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  policyWithNonce,
  scriptNonce,
} from './content-security-policy.ts';

describe('the Content-Security-Policy’s parts', () => {
  it('never hands out a nonce twice, across refills of its random bytes', () => {
    const nonces = Array.from({ length: 1000 }, scriptNonce);
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });

  it('fills a nonce into the policy worked out beforehand exactly as the whole policy has it', () => {
    const hashes = ['sha256-abc='];
    for (const stripe of [false, true]) {
      expect(policyWithNonce({ stripe }, hashes)('bm9uY2U=')).toBe(
        contentSecurityPolicy({ stripe }, 'bm9uY2U=', hashes),
      );
    }
  });

  it('hashes each inline script’s text as browsers do, and skips scripts loaded by src', () => {
    const text = 'window.x = "é";';
    const html = `<script nonce="n">${text}</script><script type="module" src="/a.js"></script><script>${text}</script>`;
    const expected = `sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}`;
    expect(inlineScriptHashes(html)).toEqual([expected]);
  });
});

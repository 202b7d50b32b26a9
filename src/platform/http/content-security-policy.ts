import { createHash, randomFillSync } from 'node:crypto';

/**
 * The pages' Content-Security-Policy. Scripts run only from the shop's own origin or when they
 * carry the response's nonce (React Router's hydration and module scripts) or, for a page
 * replayed from the micro-cache, when their text has one of the listed hashes. Stripe's hosts
 * are allowed only when the shop talks to Stripe (its keys are set).
 */
export interface PolicyOptions {
  stripe: boolean;
}

/** Stripe.js and its card element frames (Stripe's "Content Security Policy" guide). */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

const NONCE_BYTES = 16;
// One call for the random bytes of 256 nonces: `randomBytes(16)` costs about 5 µs a call, a
// third of what answering a cached page costs. Each byte is used for one nonce only.
const noncePool = Buffer.alloc(NONCE_BYTES * 256);
let poolOffset = noncePool.length;

/** A fresh, unguessable nonce for one response: 16 random bytes, base64. */
export function scriptNonce(): string {
  if (poolOffset === noncePool.length) {
    randomFillSync(noncePool);
    poolOffset = 0;
  }
  const nonce = noncePool.toString('base64', poolOffset, poolOffset + NONCE_BYTES);
  poolOffset += NONCE_BYTES;
  return nonce;
}

const NONCE_SLOT = '\u0000';

/** The policy worked out once but for its nonce: each answer is then one concatenation. */
export function policyWithNonce(
  options: PolicyOptions,
  scriptHashes: readonly string[] = [],
): (nonce: string) => string {
  const [before, after] = contentSecurityPolicy(options, NONCE_SLOT, scriptHashes).split(
    NONCE_SLOT,
  );
  return (nonce) => `${before}${nonce}${after}`;
}

export function contentSecurityPolicy(
  options: PolicyOptions,
  nonce: string,
  scriptHashes: readonly string[] = [],
): string {
  const stripe = (hosts: string[]) => (options.stripe ? hosts : []);
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    [
      'script-src',
      "'self'",
      `'nonce-${nonce}'`,
      ...scriptHashes.map((hash) => `'${hash}'`),
      ...stripe(STRIPE.script),
    ],
    // Inline style attributes (react-aria's overlays, rating bars): styles cannot run code.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', ...stripe(STRIPE.img)],
    ['connect-src', "'self'", ...stripe(STRIPE.connect)],
    // The forms' ALTCHA check solves its proof of work in workers made from the page's own code.
    ['worker-src', "'self'", 'blob:'],
    ['frame-src', ...(options.stripe ? STRIPE.frame : ["'none'"])],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['frame-ancestors', "'self'"],
    ['form-action', "'self'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * `sha256-…` sources for every inline script of a page, as browsers hash them (the raw text
 * between the tags, UTF-8): what lets a cached page's scripts run under a fresh nonce.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes ?? '') || !text) continue;
    hashes.add(`sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}

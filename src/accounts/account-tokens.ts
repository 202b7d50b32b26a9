import { createHash, randomBytes } from 'node:crypto';

/** What a mailed link is for. */
export type TokenPurpose = 'registration' | 'password_reset' | 'email_change';

/**
 * A mailed link's secret: 32 random bytes, sent once in the link. The shop keeps only its
 * SHA-256, so whoever reads the table (a backup, a replica) cannot use a link found there.
 */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token as links carry it: 43 base64url characters; anything else is not one. */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { z } from 'zod';
import { ALTCHA_CHALLENGE_LIFETIME_S, ALTCHA_COST } from '../platform/constants/index.ts';

/**
 * ALTCHA proof of work as the form's captcha field (altcha-lib 2.8, its v2 challenges): the
 * widget fetches a signed challenge, finds the counter whose SHA-256 key starts with the
 * challenge's prefix, and posts the payload; the server checks the signature, the expiry and the
 * key, and (forms.repo.ts `useChallenge`) that the challenge was not used before.
 */
const ALGORITHM = 'SHA-256';

/** The HMAC key the challenges are signed with, derived from the shop's secret. */
function signingKey(secret: string): string {
  return createHmac('sha256', secret).update('altcha-challenges').digest('hex');
}

/** The form and captcha field a challenge was issued for (signed with it). */
export interface ChallengeFor {
  form: string;
  field: string;
  /** The captcha field's `max_number`. */
  maxNumber: number;
}

export async function newChallenge(
  secret: string,
  nowS: number,
  target: ChallengeFor,
): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: ALTCHA_COST,
    deriveKey,
    counter: randomInt(target.maxNumber, 0),
    expiresAt: nowS + ALTCHA_CHALLENGE_LIFETIME_S,
    data: { form: target.form, field: target.field },
    hmacSignatureSecret: signingKey(secret),
  });
}

const payloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string().max(200),
      salt: z.string().max(200),
      cost: z.number().int().min(1).max(1_000_000),
      keyLength: z.number().int().min(1).max(64),
      keyPrefix: z.string().max(128),
      expiresAt: z.number().int().optional(),
      data: z
        .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
        .optional(),
    }),
    signature: z.string().min(1).max(200),
  }),
  solution: z.object({
    counter: z
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1),
    derivedKey: z.string().max(256),
    time: z.number().optional(),
  }),
});

export type CaptchaCheck =
  { verified: true; signature: string; expiresAt: Date } | { verified: false };

/**
 * Verifies a posted payload (base64 JSON): signature, expiry, proof, and that the challenge was
 * issued for this form's captcha field (an easier field's challenge does not pass a harder one).
 * Use is checked apart.
 */
export async function verifyCaptcha(
  secret: string,
  payload: string,
  target: Omit<ChallengeFor, 'maxNumber'>,
): Promise<CaptchaCheck> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return { verified: false };
  }
  const parsed = payloadSchema.safeParse(decoded);
  if (!parsed.success) return { verified: false };
  const { challenge, solution } = parsed.data;
  // Only challenges this server issued may be used: they carry an expiry and our signature.
  if (challenge.parameters.expiresAt === undefined) return { verified: false };
  const data = challenge.parameters.data;
  if (data?.form !== target.form || data.field !== target.field) return { verified: false };
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: signingKey(secret),
  }).catch(() => ({ verified: false }));
  if (!result.verified) return { verified: false };
  return {
    verified: true,
    signature: challenge.signature,
    expiresAt: new Date(challenge.parameters.expiresAt * 1000),
  };
}

import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { TEST_PROCESSOR_IDEMPOTENCY_CLAIM_STALE_MS } from './constants.ts';
import type { Params } from './params.ts';
import { invalidRequest, StripeApiError } from './stripe-objects.ts';
import type { TestProcessorRepo } from './test-processor.repo.ts';

const secretFields = new Set(['number', 'cvc', 'iban', 'account_number']);

/** The request as the idempotency check compares it: card and account numbers reduced to last 4. */
function fingerprint(params: unknown): string {
  const redacted = JSON.stringify(params, (key, value: unknown) =>
    secretFields.has(key) && typeof value === 'string'
      ? key === 'cvc'
        ? '***'
        : `…${value.slice(-4)}`
      : value,
  );
  return createHash('sha256').update(redacted).digest('hex');
}

const idempotencyMismatch = () =>
  new StripeApiError(400, {
    type: 'idempotency_error',
    message:
      'Keys for idempotent requests can only be used with the same parameters they were first used with.',
  });

const inProgress = () =>
  new StripeApiError(409, {
    type: 'idempotency_error',
    code: 'idempotency_key_in_use',
    message:
      'There is currently another in-progress request using this Stripe-Idempotency-Key. Please try again later.',
  });

/**
 * Stripe's idempotency: the same key and parameters answer the first response again, a key
 * in use by a request still running answers 409 (the SDK retries it), other parameters 400.
 */
export async function idempotent(
  repo: TestProcessorRepo,
  request: FastifyRequest,
  params: Params,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const header = request.headers['idempotency-key'];
  if (typeof header !== 'string' || header === '') return run();
  if (header.length > 255) throw invalidRequest('Idempotency-Key is too long.', 'Idempotency-Key');
  const key = `${request.method} ${request.url.split('?')[0]}|${header}`;
  const hash = fingerprint(params);
  for (;;) {
    const seen = await repo.idempotent(key);
    if (!seen) {
      if (await repo.claim(key, hash)) break;
      continue;
    }
    if (seen.request_hash !== hash) throw idempotencyMismatch();
    if (seen.status_code === 0) {
      if (Date.now() - Date.parse(seen.created_at) < TEST_PROCESSOR_IDEMPOTENCY_CLAIM_STALE_MS)
        throw inProgress();
      await repo.forget(key);
      continue;
    }
    if (seen.status_code !== 200)
      throw new StripeApiError(seen.status_code, JSON.parse(seen.response_json));
    return JSON.parse(seen.response_json);
  }
  try {
    const result = await run();
    await repo.remember(key, 200, result);
    return result;
  } catch (error) {
    if (error instanceof StripeApiError) await repo.remember(key, error.status, error.error);
    else await repo.forget(key);
    throw error;
  }
}

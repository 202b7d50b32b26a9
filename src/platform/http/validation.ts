import { z } from 'zod';
import { MAX_RECORD_ID } from '../constants/index.ts';
import { ShopError } from '../errors/shop-error.ts';
import { messages } from '../messages/index.ts';

/** The one validation step at the edge: parse or answer 400 with what was wrong. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  assertNoNul(input);
  // No body reads as an empty form; a JSON `null` body is a wrong type like any other.
  const result = schema.safeParse(input === undefined ? {} : input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new ShopError(
    'invalid_request',
    `${messages.badRequest} ${where}${issue?.message ?? ''}`.trim(),
    400,
    {
      issues: result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    },
  );
}

/**
 * A whole number from JSON (a number) or from a form (a string of digits, as WooCommerce takes
 * them). Nothing else is read as a number: not true, null, "" or "1e3".
 */
export function wholeNumber(min: number, max: number) {
  return z
    .union([
      z.number(),
      z
        .string()
        .regex(/^-?\d{1,16}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));
}

/** A record's id (product, order): a whole number the database's integer column can hold. */
export const recordId = wholeNumber(1, MAX_RECORD_ID);

/** Refuses input holding a NUL character (the databases cannot keep one in text). */
export function assertNoNul(input: unknown): void {
  if (holdsNul(input)) throw new ShopError('invalid_request', messages.badRequest, 400);
}

/** Whether a value holds a NUL character anywhere (no text the shop keeps may contain one). */
export function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes('\0') || holdsNul(inner));
  }
  return false;
}

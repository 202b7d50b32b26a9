import { z } from 'zod';
import { MAX_INPUT_DEPTH, MAX_RECORD_ID } from '../constants/index.ts';
import { ShopError } from '../errors/shop-error.ts';
import { messages } from '../messages/index.ts';

/** The one validation step at the edge: parse or answer 400 with what was wrong. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  if (flawOf(input, MAX_INPUT_DEPTH, true)) throw refused();
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
  if (holdsNul(input)) throw refused();
}

/** Whether a value holds a NUL character anywhere (no text the shop keeps may contain one). */
export function holdsNul(value: unknown): boolean {
  return flawOf(value, Infinity, true) === 'nul';
}

/** Whether a value's arrays and objects nest deeper than `maxDepth` (`{}` is 1, `[[]]` is 2). */
export function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  return flawOf(value, maxDepth, false) === 'too-deep';
}

/** JSON text whose value nests no deeper than MAX_INPUT_DEPTH (a JSON string in a field). */
export function isShallowJson(text: string): boolean {
  try {
    return !nestsDeeperThan(JSON.parse(text), MAX_INPUT_DEPTH);
  } catch {
    return false;
  }
}

/**
 * The first thing wrong with a value from a request: nesting deeper than `maxDepth`, or (when
 * looked for) a NUL character in a text or key. Walked with a list of its own, not by recursion:
 * a body of 100,000 nested brackets must not exhaust the call stack.
 */
function flawOf(
  value: unknown,
  maxDepth: number,
  lookForNul: boolean,
): 'nul' | 'too-deep' | undefined {
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: item, depth } = next;
    if (typeof item === 'string') {
      if (lookForNul && item.includes('\0')) return 'nul';
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    if (depth >= maxDepth) return 'too-deep';
    if (Array.isArray(item)) {
      for (const inner of item) pending.push({ value: inner, depth: depth + 1 });
      continue;
    }
    for (const [key, inner] of Object.entries(item)) {
      if (lookForNul && key.includes('\0')) return 'nul';
      pending.push({ value: inner, depth: depth + 1 });
    }
  }
  return undefined;
}

function refused(): ShopError {
  return new ShopError('invalid_request', messages.badRequest, 400);
}

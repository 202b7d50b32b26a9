import type { z } from 'zod';
import { ShopError } from '../errors/shop-error.ts';
import { messages } from '../messages/index.ts';

/** The one validation step at the edge: parse or answer 400 with what was wrong. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
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

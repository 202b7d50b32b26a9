/**
 * The one error type the shop throws on purpose. The HTTP edge turns it into
 * `{ code, message }` with its status; anything else is a bug and answers 500.
 */
export class ShopError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number = 400,
    readonly data: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ShopError';
  }
}

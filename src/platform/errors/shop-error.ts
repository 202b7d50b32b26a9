/**
 * The one error type the shop throws on purpose. The HTTP edge turns it into
 * `{ code, message }` with its status; anything else is a bug and answers 500.
 */
const BRAND = Symbol.for('shop.ShopError');

export class ShopError extends Error {
  readonly [BRAND] = true;

  /**
   * `instanceof` by brand, not by class identity. The built server is one module graph (one copy
   * of this class), but the API tests serve pages from build/server/index.js with services from
   * the sources: two copies, and an error thrown by a service must still be recognised by a page.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === 'object' &&
      value !== null &&
      (value as Record<symbol, unknown>)[BRAND] === true
    );
  }

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

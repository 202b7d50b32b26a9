/**
 * What the catalog's pages need on the server from whoever sells its products. The catalog
 * states it here and imports nothing of the cart; page-context.ts (the composition) gives every
 * page's `context.selling` the cart's implementation.
 */
export interface CatalogSelling {
  /**
   * The product page's own form post without JavaScript (the posted fields, empty ones left
   * out): adds to the cart and leaves the outcome as a notice for the next page. The answer is
   * where to go next: `back`, the cart, or the product page where a variation must be chosen.
   */
  addFromProductForm(fields: Record<string, string>, back: string): Promise<string>;
  /** The nonce of the mini cart's remove links, bound to this visitor's session. */
  miniCartRemoveNonce(): string;
}

import type { RequestContext } from '../platform/http/request-context.ts';
import { messages } from '../platform/messages/index.ts';
import type { CartView } from './cart.service.ts';
import { addItem, type CartOperationDeps } from './operations.ts';
import type { AddItemInput } from './schemas.ts';

/**
 * The add without JavaScript (a `?add-to-cart=` link, the product page's form): the outcome
 * waits as a notice for the next page, and the answer is where to go. Refused: back, or the
 * product page when a variation must be chosen. Added: the cart when the shop says so
 * (WooCommerce's `cart_redirect_after_add`; a Buy now that lands on the checkout stays there),
 * else back.
 */
export async function addWithNotice(
  operations: CartOperationDeps,
  context: RequestContext,
  input: AddItemInput,
  { back, changed }: { back: string; changed: (view: CartView) => void },
): Promise<string> {
  const { id } = await context.ensureSession();
  const added = await addItem(operations, { sessionId: id, ...input });
  if (!added.ok) {
    await context.addNotice({ type: 'error', text: added.message });
    return added.code === 'variation_required' && added.productUrl ? added.productUrl : back;
  }
  changed(added.view);
  const link = { href: '/cart/', label: messages.viewCart };
  await context.addNotice({ type: 'success', text: added.notice, link });
  const { cartRedirectAfterAdd } = await context.settings.read();
  return cartRedirectAfterAdd && !back.startsWith('/checkout/') ? '/cart/' : back;
}

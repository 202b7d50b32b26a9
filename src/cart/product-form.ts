import { z } from 'zod';
import type { RequestContext } from '../platform/http/request-context.ts';
import { cartMessages } from '../platform/messages/cart.ts';
import { addWithNotice } from './add-with-notice.ts';
import type { CartView } from './cart.service.ts';
import type { CartOperationDeps } from './operations.ts';
import { attributesByName, positiveQuantityField, productIdField } from './schemas.ts';

/** The product form's fields, parsed strictly: an id or quantity that is not a whole number is refused. */
const productForm = z.looseObject({
  'add-to-cart': productIdField.optional(),
  product_id: productIdField.optional(),
  quantity: positiveQuantityField.default(1),
  variation_id: z.union([z.enum(['', '0']).transform(() => undefined), productIdField]).optional(),
});

/**
 * The no-JavaScript add to cart of the product page's form (the page's action hands its post
 * here): the outcome waits as a notice, and the answer is where to go, as `addWithNotice` says.
 */
export async function addFromProductForm(
  operations: CartOperationDeps,
  context: RequestContext,
  fields: Record<string, string>,
  { back, changed }: { back: string; changed: (view: CartView) => void },
): Promise<string> {
  const parsed = productForm.safeParse(fields);
  const productId = parsed.data?.['add-to-cart'] ?? parsed.data?.product_id;
  if (!parsed.success || productId === undefined) {
    await context.addNotice({ type: 'error', text: cartMessages.invalidQuantity });
    return back;
  }
  const input = {
    productId,
    quantity: parsed.data.quantity,
    variationId: parsed.data.variation_id,
    attributes: attributesByName(fields),
  };
  return addWithNotice(operations, context, input, { back, changed });
}

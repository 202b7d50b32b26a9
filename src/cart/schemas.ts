import { z } from 'zod';
import { recordId, wholeNumber } from '../platform/http/validation.ts';

/**
 * The typed inputs of the cart's operations, and the fields every door parses its own wire format
 * with (wc-ajax and admin-ajax bodies, Store API JSON, page forms, `?add-to-cart=` links).
 */
export const productIdField = recordId;
/** A quantity as a line may hold it: 0 removes the line; an add refuses 0 with its own notice. */
export const quantityField = wholeNumber(0, 1_000_000);
/** A quantity where only a positive one makes sense (the product form, the slide-out's add). */
export const positiveQuantityField = wholeNumber(1, 1_000_000);
export const itemKeyField = z.string().min(1).max(64);
export const couponCodeField = z.string().max(200);
export const billingEmailField = z.string().max(254);
/** A variation's chosen attributes by the product's attribute names, e.g. { Size: 'M' }. */
const attributesField = z.record(z.string().max(100), z.string().max(200));

export const addItemInput = z.object({
  productId: productIdField,
  quantity: quantityField,
  /** For a variable product: the variation id, or the chosen attributes to find it by. */
  variationId: productIdField.optional(),
  attributes: attributesField.optional(),
});
export type AddItemInput = z.infer<typeof addItemInput>;

export const removeItemInput = z.object({ key: itemKeyField });
export type RemoveItemInput = z.infer<typeof removeItemInput>;

export const setQuantityInput = z.object({ key: itemKeyField, quantity: quantityField });
export type SetQuantityInput = z.infer<typeof setQuantityInput>;

export const couponInput = z.object({ code: couponCodeField });

export const applyCouponInput = couponInput.extend({
  /** With it, the coupon's per-customer limit is checked now (otherwise at checkout). */
  billingEmail: billingEmailField.optional(),
});
export type ApplyCouponInput = z.infer<typeof applyCouponInput>;

export const removeCouponInput = couponInput;
export type RemoveCouponInput = z.infer<typeof removeCouponInput>;

/** The attribute names a form or body sends (`attribute_size`) as the product names them (`Size`). */
export function attributesByName(fields: Record<string, unknown>): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!name.startsWith('attribute_') || typeof value !== 'string' || value === '') continue;
    const attribute = name.slice('attribute_'.length);
    chosen[attribute.charAt(0).toUpperCase() + attribute.slice(1)] = value;
  }
  return chosen;
}

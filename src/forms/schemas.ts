import { z } from 'zod';
import { FORM_MAX_FIELD_BYTES, FORM_MAX_FIELDS } from '../platform/constants/index.ts';
import { recordId } from '../platform/http/validation.ts';
import { WIRE, type PostedEntry } from './wire.ts';

/** The typed inputs of the form builder's calls (seed 002 §7), as they come off the wire. */
export const formIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/);
export const fieldIdInput = z.string().regex(/^\d{1,6}$/);

const postedText = z.string().max(FORM_MAX_FIELD_BYTES);
const postedValue = z.union([postedText, z.array(postedText).max(FORM_MAX_FIELDS)]);

/** `wpforms_submit` and the form page's post: the whole form, by its wire names (wire.ts). */
export const submitBodySchema = z
  .object({ [WIRE.formId]: formIdSchema })
  .catchall(postedValue)
  .refine((body) => Object.keys(body).length <= FORM_MAX_FIELDS, 'too many fields');
export type SubmitBody = z.infer<typeof submitBodySchema>;

/** `wpforms_get_token` with `formId`. */
export const tokenRequestSchema = z.object({ action: z.string(), formId: formIdSchema });

/** `wpforms_restricted_email` with `form_id`, `field_id`, `email`. */
export const restrictedEmailSchema = z.object({
  action: z.string(),
  form_id: formIdSchema,
  field_id: fieldIdInput,
  email: z.string().max(320),
});

/** The ALTCHA challenge's query: the form and its captcha field. */
export const challengeQuerySchema = z.object({ form: formIdSchema, field: fieldIdInput });

/** The posted text fields as wire.ts entries (a list posts each of its values). */
export function textEntries(body: Record<string, string | string[]>): PostedEntry[] {
  return Object.entries(body).flatMap(([name, value]) =>
    [value].flat().map((text): PostedEntry => [name, text]),
  );
}

/** The coupon field's Apply (issue 13): the whole form, plus the code typed. */
export const COUPON_CODE = 'coupon_code';

/**
 * Back from a card challenge (issue 13): the form and entry the return URL named, and the
 * intent and client secret the processor added to it.
 */
export const confirmPaymentSchema = z.object({
  action: z.string(),
  form_id: formIdSchema,
  entry_id: recordId,
  payment_intent: z.string().regex(/^pi_[A-Za-z0-9]{1,100}$/),
  payment_intent_client_secret: z
    .string()
    .regex(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/)
    .max(300),
});

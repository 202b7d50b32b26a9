import { z } from 'zod';

/**
 * Seed 000 §7: the coming-soon banner's dismissal, `woocommerce_meta` with
 * `coming_soon_banner_dismissed` set to `yes`. Nothing else is taken.
 */
export const bannerDismissalBody = z.strictObject({
  woocommerce_meta: z.strictObject({ coming_soon_banner_dismissed: z.literal('yes') }),
});

/** Who dismisses the banner: a logged-in customer, or a visitor without an account. */
export interface BannerDismissalInput {
  customerId: number | null;
}

/** A FAQ filter from the page's query: a group's slug, or none. */
export const faqFilter = z
  .string()
  .max(100)
  .regex(/^[a-z0-9-]+$/)
  .nullable()
  .catch(null);

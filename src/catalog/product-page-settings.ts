import { z } from 'zod';
import { REVIEWS_PER_PAGE_DEFAULT } from '../platform/constants/index.ts';
import { messages } from '../platform/messages/index.ts';

/**
 * The shop owner's options for product pages, under WooCommerce's (and WordPress's) names in the
 * `settings` table, and the single-product parameters of seed 000 §3 made from them.
 */
export const productPageSettingNames = {
  reviewRatingRequired: 'woocommerce_review_rating_required',
  verifiedOwnerLabel: 'woocommerce_review_rating_verification_label',
  verifiedOwnersOnly: 'woocommerce_review_rating_verification_required',
  reviewsPerPage: 'comments_per_page',
  sliderEnabled: 'woocommerce_single_product_flexslider_enabled',
  zoomEnabled: 'woocommerce_single_product_zoom_enabled',
  viewerEnabled: 'woocommerce_single_product_photoswipe_enabled',
  zoomOptions: 'woocommerce_single_product_zoom_options',
  viewerOptions: 'woocommerce_single_product_photoswipe_options',
} as const;

/** Hover zoom's options (WooCommerce's `zoom_options`, jQuery Zoom's names): those we honour. */
const zoomOptionsSchema = z.object({
  /** Fade-in and fade-out of the zoomed image, ms. */
  duration: z.number().int().min(0).max(2000).catch(120).default(120),
  /** How much larger than its natural size the zoomed image is drawn. */
  magnify: z.number().min(0.5).max(4).catch(1).default(1),
});
export type ZoomOptions = z.infer<typeof zoomOptionsSchema>;

/** The viewer's options (WooCommerce's `photoswipe_options`): PhotoSwipe 5's names we pass on. */
const viewerOptionsSchema = z.object({
  /** WooCommerce's viewer is opaque unless the shop asks otherwise (PhotoSwipe 5's own is 0.8). */
  bgOpacity: z.number().min(0).max(1).catch(1).default(1),
  showAnimationDuration: z.number().int().min(0).max(2000).catch(0).default(0),
  hideAnimationDuration: z.number().int().min(0).max(2000).catch(0).default(0),
  showHideAnimationType: z.enum(['zoom', 'fade', 'none']).optional().catch(undefined),
  loop: z.boolean().optional().catch(undefined),
  wheelToZoom: z.boolean().optional().catch(undefined),
  pinchToClose: z.boolean().optional().catch(undefined),
  closeOnVerticalDrag: z.boolean().optional().catch(undefined),
  arrowKeys: z.boolean().optional().catch(undefined),
  escKey: z.boolean().optional().catch(undefined),
});
export type ViewerOptions = z.infer<typeof viewerOptionsSchema>;

export interface ProductPageSettings {
  reviewRatingRequired: boolean;
  verifiedOwnerLabel: boolean;
  verifiedOwnersOnly: boolean;
  reviewsPerPage: number;
  sliderEnabled: boolean;
  zoomEnabled: boolean;
  viewerEnabled: boolean;
  zoomOptions: ZoomOptions;
  viewerOptions: ViewerOptions;
}

function yes(value: string | undefined, fallback: boolean): boolean {
  return value === undefined ? fallback : value.trim() === 'yes';
}

/** A JSON option read leniently: text that is not JSON, or fields out of range, fall back. */
function jsonOption<T>(value: string | undefined, schema: z.ZodType<T>): T {
  let parsed: unknown = {};
  try {
    parsed = value === undefined ? {} : JSON.parse(value);
  } catch {
    parsed = {};
  }
  const result = schema.safeParse(parsed);
  return result.success ? result.data : schema.parse({});
}

function pageSize(value: string | undefined): number {
  const number = Number.parseInt(value ?? '', 10);
  return Number.isFinite(number) && number >= 1 ? Math.min(number, 100) : REVIEWS_PER_PAGE_DEFAULT;
}

export function parseProductPageSettings(values: ReadonlyMap<string, string>): ProductPageSettings {
  const names = productPageSettingNames;
  return {
    reviewRatingRequired: yes(values.get(names.reviewRatingRequired), true),
    verifiedOwnerLabel: yes(values.get(names.verifiedOwnerLabel), true),
    verifiedOwnersOnly: yes(values.get(names.verifiedOwnersOnly), false),
    reviewsPerPage: pageSize(values.get(names.reviewsPerPage)),
    sliderEnabled: yes(values.get(names.sliderEnabled), true),
    zoomEnabled: yes(values.get(names.zoomEnabled), true),
    viewerEnabled: yes(values.get(names.viewerEnabled), true),
    zoomOptions: jsonOption(values.get(names.zoomOptions), zoomOptionsSchema),
    viewerOptions: jsonOption(values.get(names.viewerOptions), viewerOptionsSchema),
  };
}

/** Seed 000 §3's single-product parameters, under their wire names, for the page's scripts. */
export interface SingleProductParams {
  flexslider_enabled: boolean;
  zoom_enabled: boolean;
  photoswipe_enabled: boolean;
  zoom_options: ZoomOptions;
  photoswipe_options: ViewerOptions;
  review_rating_required: 'yes' | 'no';
  /** The five rating labels, from 1 star to 5. */
  i18n_rating_options: string[];
  i18n_required_rating_text: string;
}

export function singleProductParams(settings: ProductPageSettings): SingleProductParams {
  return {
    flexslider_enabled: settings.sliderEnabled,
    zoom_enabled: settings.zoomEnabled,
    photoswipe_enabled: settings.viewerEnabled,
    zoom_options: settings.zoomOptions,
    photoswipe_options: settings.viewerOptions,
    review_rating_required: settings.reviewRatingRequired ? 'yes' : 'no',
    i18n_rating_options: ([1, 2, 3, 4, 5] as const).map((r) => messages.ratingLabels[r]),
    i18n_required_rating_text: messages.ratingRequired,
  };
}

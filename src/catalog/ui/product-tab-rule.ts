import { fragmentId } from '../../ui/url-fragment.ts';

/** The product page's tabs, in their order, and the element ids their fragments name (CONTRACT §1). */
export const productTabIds = ['description', 'additional_information', 'reviews'] as const;
export type ProductTabId = (typeof productTabIds)[number];

export const tabPanelIds: Record<ProductTabId, string> = {
  description: 'tab-description',
  additional_information: 'tab-additional_information',
  reviews: 'tab-reviews',
};
/** The reviews' own fragment: the list and form inside the reviews tab. */
export const REVIEWS_FRAGMENT = 'reviews';

/**
 * Which tab a URL asks for (seed 000 §2, as WooCommerce's single-product script reads it): a
 * fragment holding a comment marker (`#comment-12`) or naming the reviews, or a review page in
 * the query (`cpage`, `comment-page`), opens the reviews; the additional-information fragment
 * opens that tab; the description's fragment the description. Null: the URL names no tab.
 */
export function tabForLocation(
  location: { hash: string; search: string },
  available: readonly ProductTabId[],
): ProductTabId | null {
  const fragment = fragmentId(location.hash);
  const pick = (tab: ProductTabId) => (available.includes(tab) ? tab : null);
  if (
    fragment.toLowerCase().includes('comment-') ||
    fragment === REVIEWS_FRAGMENT ||
    fragment === tabPanelIds.reviews
  )
    return pick('reviews');
  if (/(?:^\?|&)(?:cpage|comment-page)(?:=|&|$)|comment-page-/.test(location.search))
    return pick('reviews');
  if (fragment === tabPanelIds.additional_information) return pick('additional_information');
  if (fragment === tabPanelIds.description) return pick('description');
  return null;
}

/** The tab open on load: the one the URL asks for, else the first (seed 000 §2). */
export function initialTab(
  location: { hash: string; search: string },
  available: readonly ProductTabId[],
): ProductTabId {
  return tabForLocation(location, available) ?? available[0] ?? 'description';
}

/** The tab whose section holds the element (the shopper's focus before the tabs came). */
export function tabHolding(
  element: Element | null,
  available: readonly ProductTabId[],
): ProductTabId | null {
  return available.find((id) => element?.closest(`#${tabPanelIds[id]}`)) ?? null;
}

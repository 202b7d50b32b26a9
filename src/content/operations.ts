import { REVIEWS_ON_HOME, SELLERS_ON_HOME } from '../platform/constants/index.ts';
import type { CatalogRepo } from '../catalog/catalog.repo.ts';
import { productSummaries } from '../catalog/summaries.ts';
import type { ProductSummary } from '../catalog/ui/product-card.tsx';
import { TtlCache } from '../platform/cache/ttl-cache.ts';
import type { ContentRepo } from './content.repo.ts';
import {
  COMING_SOON_DISMISSED,
  parseContentSettings,
  type BlockSection,
  type ContentBlock,
  type ContentSettings,
  type FaqGroup,
  type HomeReview,
} from './content.ts';
import type { BannerDismissalInput } from './schemas.ts';

export interface ContentDeps {
  content: ContentRepo;
  catalog: CatalogRepo;
  /** The content settings, kept a moment per app server (as the shop's other settings are). */
  settings(): Promise<ContentSettings>;
}

export function contentDeps(
  content: ContentRepo,
  catalog: CatalogRepo,
  settingsTtlMs: number,
): ContentDeps {
  const cache = new TtlCache<'settings', ContentSettings>(settingsTtlMs, 1);
  return {
    content,
    catalog,
    async settings() {
      const known = cache.get('settings');
      if (known) return known;
      const settings = parseContentSettings(await content.settingRows());
      if (settingsTtlMs > 0) cache.set('settings', settings);
      return settings;
    },
  };
}

const HOME_SECTIONS: BlockSection[] = ['story', 'why', 'spread', 'team', 'news'];

/** A best seller as its slide shows it: the listing card's data and its short description. */
export type Seller = ProductSummary & { shortDescription: string };

export interface HomeContent {
  reviews: HomeReview[];
  sellers: Seller[];
  blocks: Record<BlockSection, ContentBlock[]>;
}

/** What the home page's sliders show: real reviews, the best sellers, the seeded slides. */
export async function homeContent(deps: ContentDeps): Promise<HomeContent> {
  const [reviews, best, blocks] = await Promise.all([
    deps.content.latestReviews(REVIEWS_ON_HOME),
    deps.catalog.listProducts('popularity', SELLERS_ON_HOME, 0),
    deps.content.blocks(HOME_SECTIONS),
  ]);
  return {
    reviews,
    sellers: (await productSummaries(deps.catalog, best)).map((summary, index) => ({
      ...summary,
      shortDescription: best[index]?.shortDescription ?? '',
    })),
    blocks: Object.fromEntries(
      HOME_SECTIONS.map((section) => [section, blocks.get(section) ?? []]),
    ) as Record<BlockSection, ContentBlock[]>,
  };
}

export function faqContent(deps: ContentDeps): Promise<FaqGroup[]> {
  return deps.content.faq();
}

/** What every page shows of the shop's notices, for this visitor. */
export interface PageNotices {
  storeNotice: ContentSettings['storeNotice'];
  /** The coming-soon banner shows (a customer who dismissed it does not see it again). */
  comingSoonBanner: boolean;
}

export async function pageNotices(
  deps: ContentDeps,
  customerId: number | null,
): Promise<PageNotices> {
  const settings = await deps.settings();
  const dismissed =
    settings.comingSoon && customerId !== null
      ? (await deps.content.customerMeta(customerId, COMING_SOON_DISMISSED)) === 'yes'
      : false;
  return { storeNotice: settings.storeNotice, comingSoonBanner: settings.comingSoon && !dismissed };
}

/**
 * Dismisses the coming-soon banner: kept with the customer's account when logged in (every
 * device, every later visit); a visitor without an account keeps it in the browser instead.
 */
export async function dismissComingSoonBanner(
  deps: ContentDeps,
  input: BannerDismissalInput,
): Promise<{ rememberedFor: 'customer' | 'browser' }> {
  if (input.customerId === null) return { rememberedFor: 'browser' };
  await deps.content.setCustomerMeta(input.customerId, COMING_SOON_DISMISSED, 'yes');
  return { rememberedFor: 'customer' };
}

/**
 * The shop's own content: the home page's slides, the FAQ, the store notice and the coming-soon
 * banner. Plain data and the rules over it; safe in the browser too.
 */
export type BlockSection = 'story' | 'why' | 'spread' | 'team' | 'news';

export interface ContentBlock {
  id: number;
  title: string;
  subtitle: string;
  body: string;
  /** News: YYYY-MM-DD. */
  publishedOn: string | null;
}

export interface FaqEntry {
  id: number;
  question: string;
  answer: string;
}

export interface FaqGroup {
  slug: string;
  name: string;
  entries: FaqEntry[];
}

export interface HomeReview {
  id: number;
  author: string;
  rating: number;
  content: string;
  verified: boolean;
  createdAt: string;
  productName: string;
  productSlug: string;
}

/** WooCommerce's options for the store notice and the coming-soon mode. */
export const CONTENT_SETTING_NAMES = {
  storeNoticeOn: 'woocommerce_demo_store',
  storeNoticeText: 'woocommerce_demo_store_notice',
  comingSoon: 'woocommerce_coming_soon',
} as const;

export type ContentSettingRows = Map<string, string>;

export interface StoreNotice {
  /** Changes with the text, so a new notice shows again to those who hid the last one. */
  id: string;
  text: string;
}

export interface ContentSettings {
  /** The store notice when the shop shows one. */
  storeNotice: StoreNotice | null;
  /** The shop is in coming-soon mode: the footer shows the banner. */
  comingSoon: boolean;
}

export function parseContentSettings(rows: ContentSettingRows): ContentSettings {
  const text = (rows.get(CONTENT_SETTING_NAMES.storeNoticeText) ?? '').trim();
  const noticeOn = rows.get(CONTENT_SETTING_NAMES.storeNoticeOn) === 'yes' && text !== '';
  return {
    storeNotice: noticeOn ? { id: storeNoticeId(text), text } : null,
    comingSoon: rows.get(CONTENT_SETTING_NAMES.comingSoon) === 'yes',
  };
}

/** A short, stable id of a notice's text (FNV-1a, 32 bits, hex). */
export function storeNoticeId(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Seed 000 §3: the store notice's cookie is `store_notice` plus the notice id, value `hidden`. */
export function storeNoticeCookie(id: string): string {
  return `store_notice${id}`;
}
export const STORE_NOTICE_HIDDEN = 'hidden';

/** The REST URL the coming-soon banner's dismiss link carries (WordPress's current-user route). */
export const BANNER_DISMISS_PATH = '/wp/v2/users/me';

/** The customer meta, and the guest's cookie, that remember a dismissed coming-soon banner. */
export const COMING_SOON_DISMISSED = 'coming_soon_banner_dismissed';

/** Groups shown by a FAQ filter: one group by its slug, or all of them for none or an unknown one. */
export function faqGroupsShown(groups: FaqGroup[], filter: string | null): FaqGroup[] {
  const chosen = groups.filter((group) => group.slug === filter);
  return chosen.length > 0 ? chosen : groups;
}

/** An accordion entry's number: `01`, `02`, ... (seed 000 §2). */
export function faqNumber(index: number): string {
  return String(index + 1).padStart(2, '0');
}

import { MAX_PAGE_NUMBER, PRODUCTS_PER_PAGE } from '../platform/constants/index.ts';
import { format, messages } from '../platform/messages/index.ts';

/** The listing's sort orders (CONTRACT §1), as WooCommerce names them. */
export const sortOrders = [
  'menu_order',
  'popularity',
  'rating',
  'date',
  'price',
  'price-desc',
] as const;
export type SortOrder = (typeof sortOrders)[number];

export function parseSortOrder(value: string | null | undefined): SortOrder {
  return sortOrders.find((order) => order === value) ?? 'menu_order';
}

/** A page number from the URL: decimal digits, at most MAX_PAGE_NUMBER; anything else is page 1. */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 ? Math.min(page, MAX_PAGE_NUMBER) : 1;
}

export interface PageWindow {
  page: number;
  perPage: number;
  offset: number;
  totalPages: number;
}

export function pageWindow(total: number, page: number, perPage = PRODUCTS_PER_PAGE): PageWindow {
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(page, totalPages);
  return { page: current, perPage, offset: (current - 1) * perPage, totalPages };
}

/** "Showing 1–12 of 30 results", as WooCommerce words it. */
export function resultCountText(total: number, window: PageWindow): string {
  if (total === 1) return messages.resultCountSingle;
  if (total <= window.perPage) return format(messages.resultCountAll, { total });
  const first = window.offset + 1;
  const last = Math.min(total, window.offset + window.perPage);
  return format(messages.resultCountRange, { first, last, total });
}

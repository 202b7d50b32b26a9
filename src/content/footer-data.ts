import type { PageContext } from '../page-context.ts';
import { BANNER_DISMISS_PATH } from './content.ts';
import { REST_NONCE } from './nonces.ts';
import { pageNotices } from './operations.ts';
import type { FooterData } from './ui/site-footer.tsx';

/**
 * What the shop-wide footer shows on a page: the store notice and the coming-soon banner with
 * its REST call. The same for every visitor without a session, so their pages stay cacheable;
 * whether a visitor dismissed one is decided in the browser (a customer's banner, here).
 */
export async function footerData(context: PageContext): Promise<FooterData> {
  const customerId = context.session?.customerId ?? null;
  const notices = await pageNotices(context.shop.content, customerId);
  return {
    storeNotice: notices.storeNotice,
    comingSoon: notices.comingSoonBanner
      ? { restUrl: BANNER_DISMISS_PATH, nonce: context.nonce(REST_NONCE) }
      : null,
    scriptNonce: context.scriptNonce,
  };
}

import { useEffect, useState } from 'react';
import { cookieValue } from '../../platform/consent/consent.ts';
import { postJson } from '../../platform/http/client.ts';
import { contentMessages } from '../../platform/messages/content.ts';
import {
  COMING_SOON_DISMISSED,
  STORE_NOTICE_HIDDEN,
  storeNoticeCookie,
  type StoreNotice as Notice,
} from '../content.ts';

/**
 * Hides, before the page is first painted, each element whose `data-hidden-by-cookie` names a
 * cookie the browser holds (`name=value`): a dismissed notice stays hidden on pages from the
 * cache too, with no flash. Inline, so it carries the page's script nonce (or, replayed from the
 * cache, its hash).
 */
export const HIDE_DISMISSED_SCRIPT =
  "(function(){var c='; '+document.cookie+';';document.querySelectorAll('[data-hidden-by-cookie]').forEach(function(e){if(c.indexOf('; '+e.getAttribute('data-hidden-by-cookie')+';')>=0)e.hidden=true})})()";

function useDismissed(cookie: string, value: string): [boolean, () => void] {
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (cookieValue(document.cookie, cookie) === value) setDismissed(true);
  }, [cookie, value]);
  return [dismissed, () => setDismissed(true)];
}

/**
 * The store notice (WooCommerce's `woocommerce_demo_store_notice`): `Dismiss` sets the cookie
 * `store_notice{id}` = `hidden` for the whole site, for this browser session (as WooCommerce).
 */
export function StoreNotice({ notice }: { notice: Notice }) {
  const cookie = storeNoticeCookie(notice.id);
  const [dismissed, dismiss] = useDismissed(cookie, STORE_NOTICE_HIDDEN);
  return (
    <div
      className="woocommerce-store-notice demo_store"
      data-notice-id={notice.id}
      data-hidden-by-cookie={`${cookie}=${STORE_NOTICE_HIDDEN}`}
      role="region"
      aria-label={contentMessages.storeNoticeLabel}
      hidden={dismissed}
      suppressHydrationWarning
    >
      <p>
        {notice.text}{' '}
        <button
          type="button"
          className="woocommerce-store-notice__dismiss-link"
          onClick={() => {
            document.cookie = `${cookie}=${STORE_NOTICE_HIDDEN}; path=/; SameSite=Lax`;
            dismiss();
          }}
        >
          {contentMessages.dismiss}
        </button>
      </p>
    </div>
  );
}

/**
 * The coming-soon banner (seed 000 §4, §7): its dismiss link carries the REST URL and the nonce;
 * the banner hides when the call completes, whatever its result.
 */
export function ComingSoonBanner({ restUrl, nonce }: { restUrl: string; nonce: string }) {
  const [dismissed, dismiss] = useDismissed(COMING_SOON_DISMISSED, 'yes');
  async function onDismiss(event: React.MouseEvent<HTMLButtonElement>) {
    const { restUrl: url = '', nonce: token = '' } = event.currentTarget.dataset;
    try {
      await postJson(
        url,
        { woocommerce_meta: { [COMING_SOON_DISMISSED]: 'yes' } },
        { headers: { 'X-WP-Nonce': token } },
      );
    } catch (error) {
      console.error('Dismissing the coming-soon banner failed', error);
    } finally {
      dismiss();
    }
  }
  return (
    <div
      className="coming-soon-banner"
      data-hidden-by-cookie={`${COMING_SOON_DISMISSED}=yes`}
      role="region"
      aria-label={contentMessages.comingSoonLabel}
      hidden={dismissed}
      suppressHydrationWarning
    >
      <p>{contentMessages.comingSoonBanner}</p>
      <button
        type="button"
        className="button button-small coming-soon-banner-dismiss"
        data-rest-url={restUrl}
        data-nonce={nonce}
        onClick={onDismiss}
      >
        {contentMessages.dismiss}
      </button>
    </div>
  );
}

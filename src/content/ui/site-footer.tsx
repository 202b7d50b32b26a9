import { contentMessages } from '../../platform/messages/content.ts';
import { shopMessages } from '../../platform/messages/shop.ts';
import type { StoreNotice as Notice } from '../content.ts';
import { ComingSoonBanner, HIDE_DISMISSED_SCRIPT, StoreNotice } from './notices.tsx';
import { AttributionTracker } from './order-attribution.tsx';

export interface FooterData {
  storeNotice: Notice | null;
  /** The coming-soon banner with its dismissal call, when it shows. */
  comingSoon: { restUrl: string; nonce: string } | null;
  /** This response's script nonce: the inline script that hides dismissed notices carries it. */
  scriptNonce: string;
}

const columns: { heading: string; links: [string, string][] }[] = [
  {
    heading: shopMessages.shopTitle,
    links: [
      [contentMessages.footerAllProducts, '/shop/'],
      [contentMessages.footerClothing, '/product-category/clothing/'],
      [contentMessages.footerAccessories, '/product-category/accessories/'],
    ],
  },
  {
    heading: contentMessages.footerAccount,
    links: [
      [contentMessages.footerOrders, '/my-account/'],
      [contentMessages.footerCart, '/cart/'],
      [contentMessages.footerCheckout, '/checkout/'],
    ],
  },
  {
    heading: contentMessages.footerHelp,
    links: [
      [contentMessages.footerFaq, '/faq/'],
      [contentMessages.footerShipping, '/faq/?group=shipping'],
      [contentMessages.footerReturns, '/faq/?group=returns'],
      [contentMessages.footerPayments, '/faq/?group=payments'],
    ],
  },
];

/**
 * The inline script that hides dismissed notices before the first paint, placed after them: the
 * store notice's at the top of the page, the coming-soon banner's in the footer.
 */
function HideDismissed({ scriptNonce }: { scriptNonce: string }) {
  return (
    <script
      nonce={scriptNonce}
      dangerouslySetInnerHTML={{ __html: HIDE_DISMISSED_SCRIPT }}
      suppressHydrationWarning
    />
  );
}

/**
 * The store notice, at the very top of every page in its flow (where WooCommerce's own
 * stylesheet puts it), so it covers nothing: neither the page nor the cookie banner at the
 * window's foot, which on a phone would otherwise leave little of the screen.
 */
export function SiteNotice({ data }: { data?: FooterData | undefined }) {
  if (!data?.storeNotice) return null;
  return (
    <>
      <StoreNotice notice={data.storeNotice} />
      <HideDismissed scriptNonce={data.scriptNonce} />
    </>
  );
}

/**
 * The shop-wide footer: shop, account, help and policy links, the coming-soon banner and the
 * order attribution's tracker. `policyLinks` takes more links for the policies column (the
 * cookie consent's `Cookie settings`).
 */
export function SiteFooter({
  data,
  policyLinks,
}: {
  data?: FooterData | undefined;
  policyLinks?: React.ReactNode;
}) {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        {data?.comingSoon && (
          <ComingSoonBanner restUrl={data.comingSoon.restUrl} nonce={data.comingSoon.nonce} />
        )}
        <nav className="site-footer-nav" aria-label={contentMessages.footerNavigation}>
          {columns.map((column) => (
            <div className="site-footer-column" key={column.heading}>
              <h2>{column.heading}</h2>
              <ul>
                {column.links.map(([label, href]) => (
                  <li key={href}>
                    <a href={href}>{label}</a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <div className="site-footer-column">
            <h2>{contentMessages.footerPolicies}</h2>
            <ul>
              <li>
                <a href="/faq/?group=policies">{contentMessages.footerTerms}</a>
              </li>
              {policyLinks}
            </ul>
          </div>
        </nav>
        <p className="site-footer-credit">
          © {shopMessages.shopName}. {contentMessages.footerMade}
        </p>
      </div>
      {data?.comingSoon && <HideDismissed scriptNonce={data.scriptNonce} />}
      <AttributionTracker />
    </footer>
  );
}

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
 * The shop-wide footer: shop, account, help and policy links, the coming-soon banner, the store
 * notice (fixed to the bottom of the window, as WooCommerce's Storefront shows it) and the
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
  const notices = data && (data.storeNotice || data.comingSoon);
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
      {data?.storeNotice && <StoreNotice notice={data.storeNotice} />}
      {notices && (
        <script
          nonce={data.scriptNonce}
          dangerouslySetInnerHTML={{ __html: HIDE_DISMISSED_SCRIPT }}
          suppressHydrationWarning
        />
      )}
      <AttributionTracker />
    </footer>
  );
}

import type { PageLoaderArgs } from '../src/page-context.ts';
import { useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
} from 'react-router';
import { accountHeader, type AccountHeader } from '../src/accounts/account-header.ts';
import { AccountLink } from '../src/accounts/ui/account-link.tsx';
import { AuthDialogsWhenOpened } from '../src/accounts/ui/auth-dialogs-when-opened.tsx';
import { CartLink } from '../src/cart/ui/cart-link.tsx';
import { footerData } from '../src/content/footer-data.ts';
import { SiteFooter, SiteNotice, type FooterData } from '../src/content/ui/site-footer.tsx';
import { SlideOutCartWhenOpened } from '../src/cart/ui/slide-out-cart-when-opened.tsx';
import { catalogSelling } from '../src/cart/ui/catalog-selling.ts';
import { SellingProvider } from '../src/catalog/ui/selling.tsx';
import { ConsentBanner, CookieSettingsLink } from '../src/platform/consent/consent-banner.tsx';
import { hasConsentChoice } from '../src/platform/consent/consent.ts';
import { PAGE_CACHE_CONTROL, SHOP_ICON_PATH } from '../src/platform/constants/index.ts';
import { cartMessages } from '../src/platform/messages/cart.ts';
import { shopMessages } from '../src/platform/messages/shop.ts';
import type { Notice } from '../src/platform/session/session.ts';
import type { MoneyFormat } from '../src/platform/money/money.ts';
import { LiveRegion } from '../src/ui/live-region.tsx';
import { MoneyFormatContext } from '../src/ui/money.tsx';
import { hasOwnNotices, Notices, WaitingNoticesContext } from '../src/ui/notices.tsx';
import { stylesheetLink } from '../src/ui/stylesheet-link.ts';
import stylesheet from './site.css?url';

export const links = () => [
  stylesheetLink(stylesheet),
  { rel: 'icon', href: SHOP_ICON_PATH, type: 'image/x-icon' },
];

export const headers = () => ({ 'Cache-Control': PAGE_CACHE_CONTROL });

export interface RootData {
  testMode: boolean;
  notices: Notice[];
  cartCount: number | null;
  redirectAfterAdd: boolean;
  account: AccountHeader;
  /** The shop's currency and locale: every price on the page is written in them. */
  money: MoneyFormat;
  /** Whether the visitor has made a cookie choice (the page cache keeps the two apart). */
  consentChosen: boolean;
  /** The page's own address, as requested: where the consent form comes back to. */
  pagePath: string;
  footer: FooterData;
}

/**
 * Shop-wide page data. For a visitor without a session it is the same for everyone (so the page
 * can be cached); per-visitor data arrives from the cart calls after hydration.
 */
export async function loader({ context, request }: PageLoaderArgs): Promise<RootData> {
  const { shop, session } = context;
  const notices = session ? await shop.sessions.takeNotices(session.id) : [];
  const cartCount = session ? (await shop.cart.read(session.id)).totals.itemsCount : null;
  return {
    testMode: shop.payments.testMode,
    notices,
    cartCount,
    redirectAfterAdd: (await shop.settings.read()).cartRedirectAfterAdd,
    account: await accountHeader(shop.accounts, session, context.request),
    money: await shop.settings.moneyFormat(),
    consentChosen: hasConsentChoice(request.headers.get('cookie') ?? undefined),
    // The request's own address: React Router's `url` drops a path's trailing slash.
    pagePath: pathOf(request.url),
    footer: await footerData(context),
  };
}

function pathOf(address: string): string {
  const url = new URL(address);
  return url.pathname + url.search;
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export function SiteHeader({
  cartCount,
  customerName = null,
}: {
  cartCount: number | null;
  customerName?: string | null;
}) {
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {shopMessages.skipToContent}
      </a>
      <div className="site-header-inner">
        <a href="/" className="site-title">
          {shopMessages.shopName}
        </a>
        <nav aria-label={shopMessages.mainNavigation} className="site-nav">
          <ul>
            <li>
              <a href="/shop/">{shopMessages.shopTitle}</a>
            </li>
            <li>
              <a href="/checkout/">{shopMessages.checkoutTitle}</a>
            </li>
            <li className="site-nav-account">
              <AccountLink customerName={customerName} />
            </li>
          </ul>
        </nav>
        <CartLink initialCount={cartCount} />
      </div>
    </header>
  );
}

export default function App({ loaderData }: { loaderData: RootData }) {
  const pageNotices = useMatches().some((match) => hasOwnNotices(match.handle));
  useEffect(() => {
    // Lets browser tests (and scripts) know the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <MoneyFormatContext value={loaderData.money}>
      <SiteNotice data={loaderData.footer} />
      {loaderData.testMode && (
        <p className="test-mode-banner" role="note">
          {shopMessages.testModeBanner}
        </p>
      )}
      <SiteHeader cartCount={loaderData.cartCount} customerName={loaderData.account.customerName} />
      <main id="main" className="site-main" tabIndex={-1}>
        {!pageNotices && <Notices notices={loaderData.notices} />}
        <WaitingNoticesContext value={loaderData.notices}>
          <SellingProvider value={catalogSelling}>
            <Outlet />
          </SellingProvider>
        </WaitingNoticesContext>
      </main>
      <SiteFooter
        data={loaderData.footer}
        policyLinks={
          <li>
            <CookieSettingsLink />
          </li>
        }
      />
      <ConsentBanner chosen={loaderData.consentChosen} returnTo={loaderData.pagePath} />
      <SlideOutCartWhenOpened />
      {loaderData.account.nonces && <AuthDialogsWhenOpened nonces={loaderData.account.nonces} />}
      <LiveRegion />
    </MoneyFormatContext>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const heading = notFound ? shopMessages.pageNotFound : shopMessages.somethingWentWrong;
  return (
    <>
      <title>{`${heading} – ${shopMessages.shopName}`}</title>
      <SiteHeader cartCount={null} />
      <main id="main" className="site-main">
        <h1>{heading}</h1>
        <p>{notFound ? shopMessages.pageNotFoundText : shopMessages.serverError}</p>
        <p>
          <a className="button" href="/shop/">
            {cartMessages.returnToShop}
          </a>
        </p>
      </main>
      <SiteFooter />
    </>
  );
}
